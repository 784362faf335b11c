"""A quiz poll whose link was never stored (the process died in between) still gets its learner going."""

from __future__ import annotations

import asyncio
import sqlite3

from adapters.settings import Settings
from tests.discord.fake_discord import FakeDiscord
from tests.discord.harness import OTHER_ID, RunningBot
from tests.discord.payloads import OWNER_ID
from tests.discord.support import message_id, next_poll, poll_question, reply_to, vote_for


def forget_links(settings: Settings) -> None:
    with sqlite3.connect(settings.data_dir / "quiztutor.sqlite3") as database:
        database.execute("DELETE FROM message_links")


def users(settings: Settings) -> set[str]:
    with sqlite3.connect(settings.data_dir / "quiztutor.sqlite3") as database:
        return {row[0] for row in database.execute("SELECT platform_user_id FROM users")}


async def test_a_vote_on_the_learners_unlinked_poll_asks_the_question_again(
        bot: RunningBot, fake: FakeDiscord, settings: Settings) -> None:
    await fake.slash("quiz", {"quiz": "collectives"})
    poll = await next_poll(fake, bot)
    # As if killed between posting the poll and storing its link. In a thread: the bot shares this event loop,
    # and a write here waits for the bot's transaction, which can only end if the loop runs.
    await asyncio.to_thread(forget_links, settings)

    mark = len(fake.calls)
    await vote_for(fake, poll, "All-reduce", OTHER_ID)  # a bystander with no quiz: nothing happens
    await fake.quiet()
    assert fake.calls[mark:] == [] and str(OTHER_ID) not in users(settings)

    await vote_for(fake, poll, "Broadcast", OWNER_ID)
    again = await next_poll(fake, bot, after=mark)
    assert poll_question(again) == poll_question(poll)  # the same question, not scored
    note = await reply_to(fake, poll, after=mark)
    assert "I lost track of that poll, so here is the question again." in note.content
    assert fake.ended_polls(after=mark) == [message_id(poll)]

    mark = len(fake.calls)
    await vote_for(fake, again, "All-reduce", OWNER_ID)
    feedback = await reply_to(fake, again, after=mark)
    assert "Correct!" in feedback.content
