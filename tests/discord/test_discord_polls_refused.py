"""A channel or thread that stops taking the bot's polls mid-quiz: the learner is told, as text, which right the bot
lacks there, and the right one, whatever led to the refused poll (a vote, a time-out, a game)."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from datetime import timedelta
from typing import Any

import discord
import pytest

from adapters.settings import Settings
from tests.discord.fake_discord import FakeDiscord
from tests.discord.game_steps import PLAYER_PERMISSIONS
from tests.discord.harness import RunningBot, running_bot
from tests.discord.payloads import (
    ALL_PERMISSIONS,
    APP_ID,
    CHANNEL_ID,
    OWNER_ID,
    THREAD_ID,
    command_options,
    guild_payload,
    interaction_payload,
    member_payload,
    thread_payload,
)
from tests.discord.support import first_answer, next_poll, reply_to, vote_for
from tests.fakes.clock import FixedClock

LIMIT = 30  # seconds per question
SEND_POLLS_ONLY = "I can't post the quiz poll in this channel: I'm missing the “Create Polls” permission."


@pytest.fixture
async def timed_bot(settings: Settings, fake: FakeDiscord, clock: FixedClock) -> AsyncIterator[RunningBot]:
    async with running_bot(settings.model_copy(update={"question_seconds": LIMIT}), fake, clock,
                           sweep_interval=0.02) as running:
        yield running


async def test_a_time_out_whose_next_poll_is_refused_tells_the_learner_why_without_an_error_logged(
        timed_bot: RunningBot, fake: FakeDiscord, clock: FixedClock, caplog: pytest.LogCaptureFixture) -> None:
    """As after a vote: else "Time's up!" came, then nothing, and the log had a traceback for a right revoked."""
    await fake.slash("quiz", {"quiz": "collectives"})
    first = await next_poll(fake, timed_bot)
    fake.poll_refusing_channels.add(CHANNEL_ID)  # an admin takes Create Polls away mid-quiz
    mark = len(fake.calls)
    clock.advance(timedelta(seconds=LIMIT))
    assert "Time's up!" in (await reply_to(fake, first, after=mark)).content
    told = await fake.wait_until(lambda: next((call for call in fake.channel_messages(after=mark)
                                               if "Create Polls" in call.content), None))
    assert told.content.startswith(f"<@{OWNER_ID}> {SEND_POLLS_ONLY}") and "/quiz private:True" in told.content
    assert not [record for record in caplog.records if record.levelno >= logging.ERROR]


async def test_a_time_out_in_a_deleted_channel_logs_no_error_and_the_quiz_resumes_in_private(
        timed_bot: RunningBot, fake: FakeDiscord, clock: FixedClock, caplog: pytest.LogCaptureFixture) -> None:
    """A channel deleted mid-question (404 Unknown Channel): the clock stops quietly, as for a refusing one."""
    await fake.slash("quiz", {"quiz": "collectives"})
    await next_poll(fake, timed_bot)
    fake.deleted_channels.add(CHANNEL_ID)  # a moderator deletes the channel mid-question
    clock.advance(timedelta(seconds=LIMIT))
    await fake.wait_until(lambda: any(call.status == 404 for call in fake.calls))
    await fake.quiet(0.3)
    refused = sum(call.status == 404 for call in fake.calls)
    await fake.quiet(0.3)  # many sweeps: the question is not timed out again and again
    assert sum(call.status == 404 for call in fake.calls) == refused
    assert not [record for record in caplog.records if record.levelno >= logging.ERROR]

    dm = fake.dm_channel(OWNER_ID)
    token = await fake.slash("quiz", {"quiz": "collectives", "private": True}, user_id=OWNER_ID, dm=True,
                             channel_id=dm)
    answer = await fake.wait_until(first_answer(fake, token))
    assert "went wrong" not in answer.content and "Collectives" in answer.content


async def test_a_time_out_in_a_thread_closed_and_locked_logs_no_error_and_the_quiz_resumes_in_private(
        timed_bot: RunningBot, fake: FakeDiscord, clock: FixedClock, caplog: pytest.LogCaptureFixture) -> None:
    """A forum post a moderator closes and locks mid-question answers the bot's messages 400 "Thread is archived":
    as for a deleted channel, the clock stops quietly (the log had a traceback, as for a bug) and the next
    question, which never went out there, is asked when the learner carries on."""
    await fake.slash("quiz", {"quiz": "collectives"}, channel_id=THREAD_ID)
    await next_poll(fake, timed_bot, channel_id=THREAD_ID)
    fake.locked_threads.add(THREAD_ID)
    clock.advance(timedelta(seconds=LIMIT))
    await fake.wait_until(lambda: any(call.status == 400 and call.path == f"/channels/{THREAD_ID}/messages"
                                      for call in fake.calls))
    await fake.quiet(0.3)
    assert not [record for record in caplog.records if record.levelno >= logging.ERROR]

    token = await fake.slash("quiz", {"quiz": "collectives", "private": True}, user_id=OWNER_ID)
    answer = await fake.wait_until(first_answer(fake, token))
    assert "went wrong" not in answer.content and "Question 2 of 3" in answer.content, answer.content


def with_a_thread(denied: discord.Permissions) -> dict[str, Any]:
    """The server with a thread in its channel, the bot denied ``denied`` in that channel (threads inherit it)."""
    guild = guild_payload()
    guild["roles"][0]["permissions"] = str(ALL_PERMISSIONS & ~discord.Permissions(administrator=True).value)
    guild["members"] = [member_payload(APP_ID)]
    guild["channels"][0]["permission_overwrites"] = [{"id": str(APP_ID), "type": 1, "allow": "0",
                                                      "deny": str(denied.value)}]
    guild["threads"] = [thread_payload()]
    return guild


async def test_polls_refused_in_a_thread_after_a_vote_name_only_send_polls(bot: RunningBot, fake: FakeDiscord) -> None:
    """The bot may post in the thread (Send Messages in Threads), not in its channel: the notice itself went out
    there, so "Send Messages" is not what an admin must grant."""
    await fake.slash("quiz", {"quiz": "collectives"}, channel_id=THREAD_ID)
    poll = await next_poll(fake, bot, channel_id=THREAD_ID)
    await fake.dispatch("GUILD_CREATE", with_a_thread(discord.Permissions(send_messages=True, send_polls=True)))
    fake.poll_refusing_channels.add(THREAD_ID)
    mark = len(fake.calls)
    await vote_for(fake, poll, "All-reduce", OWNER_ID)
    told = await fake.wait_until(lambda: next((call for call in fake.channel_messages(THREAD_ID, after=mark)
                                               if "I can't post the quiz poll" in call.content), None))
    assert told.content.startswith(f"<@{OWNER_ID}> {SEND_POLLS_ONLY.replace('this channel', 'this thread')}"), \
        told.content


async def test_a_game_refused_in_a_thread_names_sending_in_threads(bot: RunningBot, fake: FakeDiscord) -> None:
    """The bot may post in the channel, not in its threads: "Send Messages" is granted, and naming it would leave
    an admin nothing to change."""
    await fake.dispatch("GUILD_CREATE", with_a_thread(discord.Permissions(send_messages_in_threads=True)))
    fake.forbidden_channels.add(THREAD_ID)
    token = await fake.slash("game", {"quiz": "collectives"}, subcommand="start", channel_id=THREAD_ID,
                             member_permissions=PLAYER_PERMISSIONS)
    answer = await fake.wait_until(first_answer(fake, token))
    assert "“Send Messages in Threads”" in answer.content and "“Send Messages”" not in answer.content, answer.content


async def test_a_game_refused_in_a_thread_not_cached_names_sending_in_threads(bot: RunningBot,
                                                                             fake: FakeDiscord) -> None:
    """A thread the client never saw (a private one it isn't in, say) is known only from the interaction: the
    game's refusal named "Send Messages", which the bot may well have, leaving an admin nothing to change."""
    fake.forbidden_channels.add(THREAD_ID)
    interaction_id = fake.snowflake()
    token = f"itoken-{interaction_id}"
    start = {"id": str(fake.snowflake()), "name": "game", "type": 1,
             "options": [{"name": "start", "type": 1, "options": command_options({"quiz": "collectives"}, None)}]}
    payload = interaction_payload(interaction_id, token, 2, start, user_id=OWNER_ID, locale="en-US",
                                  channel_id=THREAD_ID, dm=False, guild_locale="en-US", permissions=ALL_PERMISSIONS,
                                  member_permissions=PLAYER_PERMISSIONS)
    payload["channel"] = thread_payload()  # as Discord describes the thread in the interaction itself
    await fake.dispatch("INTERACTION_CREATE", payload)
    answer = await fake.wait_until(first_answer(fake, token))
    assert "“Send Messages in Threads”" in answer.content and "“Send Messages”" not in answer.content, answer.content


async def test_quiz_in_a_thread_closed_and_locked_says_so_and_how_to_play_instead(
        bot: RunningBot, fake: FakeDiscord, caplog: pytest.LogCaptureFixture) -> None:
    """A moderator (who alone may still write there) sends /quiz in a forum post closed and locked: Discord answers
    the poll 400 "Thread is archived". They were told "Sorry, something went wrong", and the log had a traceback."""
    fake.locked_threads.add(THREAD_ID)
    token = await fake.slash("quiz", {"quiz": "collectives"}, channel_id=THREAD_ID, locale="fr")
    answer = await fake.wait_until(first_answer(fake, token))
    fr = bot.engine.localizer_for("fr")
    assert answer.content == fr("This thread is closed and locked, so I can't post the quiz poll in it. Play in "
                                "another channel, or privately with {command}.", command="/quiz privé:True")
    assert answer.content.startswith("Ce fil est fermé et verrouillé")
    assert not [record for record in caplog.records if record.levelno >= logging.ERROR]

    token = await fake.slash("quiz", {"quiz": "collectives", "private": True})
    answer = await fake.wait_until(first_answer(fake, token))
    assert "Question 1 of 3" in answer.content, answer.content
