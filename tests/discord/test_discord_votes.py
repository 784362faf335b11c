"""Votes: only the owner's first vote counts, strangers get one hint, and links survive a restart."""

from __future__ import annotations

import logging
import sqlite3

import pytest

from adapters.settings import Settings
from tests.discord.fake_discord import FakeDiscord
from tests.discord.harness import OTHER_ID, RunningBot, running_bot
from tests.discord.payloads import CHANNEL_ID, OWNER_ID
from tests.discord.support import first_answer, message_id, next_poll, poll_answers, reply_to, vote_for


async def test_a_vote_from_someone_else_counts_for_nothing_and_earns_one_hint(
        bot: RunningBot, fake: FakeDiscord) -> None:
    await fake.slash("quiz", {"quiz": "collectives"})
    poll = await next_poll(fake, bot)
    mark = len(fake.calls)

    await vote_for(fake, poll, "All-reduce", OTHER_ID)
    hint = await reply_to(fake, poll, after=mark)
    assert hint.content.startswith(f"<@{OTHER_ID}>") and "/quiz" in hint.content
    assert len(hint.content.splitlines()) == 1

    # The stranger changes their vote: no second hint, and the owner's poll stays open.
    await fake.vote(message_id(poll), 1, user_id=OTHER_ID, add=False)
    await fake.vote(message_id(poll), 2, user_id=OTHER_ID)
    await fake.quiet()
    assert fake.replies_to(message_id(poll), after=mark) == [hint]
    assert fake.ended_polls() == []
    assert fake.polls(after=mark) == []

    mark = len(fake.calls)
    await vote_for(fake, poll, "Broadcast", OWNER_ID)
    await next_poll(fake, bot, after=mark)
    feedback = await reply_to(fake, poll, after=mark)
    assert feedback.content.startswith(f"<@{OWNER_ID}> ❌")
    assert fake.ended_polls() == [message_id(poll)]


async def test_a_strangers_vote_where_the_bot_may_no_longer_send_logs_no_error_and_the_owners_still_counts(
        bot: RunningBot, fake: FakeDiscord, caplog: pytest.LogCaptureFixture) -> None:
    """The hint is a courtesy: a channel whose admins took Send Messages from the bot refuses it (403). Before, each
    such vote logged 'Discord event on_raw_poll_vote_add failed' with a traceback, and was counted as failed."""
    await fake.slash("quiz", {"quiz": "collectives"})
    poll = await next_poll(fake, bot)
    fake.forbidden_channels.add(CHANNEL_ID)
    mark = len(fake.calls)
    await vote_for(fake, poll, "All-reduce", OTHER_ID)
    await fake.wait_until(lambda: any(call.status == 403 for call in fake.calls[mark:]))
    await fake.quiet()
    assert not [record for record in caplog.records if record.levelno >= logging.ERROR]

    fake.forbidden_channels.discard(CHANNEL_ID)
    mark = len(fake.calls)
    await vote_for(fake, poll, "All-reduce", OWNER_ID)
    assert "✅" in (await reply_to(fake, poll, after=mark)).content


async def test_a_changed_vote_changes_nothing_because_the_first_vote_is_final(
        bot: RunningBot, fake: FakeDiscord) -> None:
    await fake.slash("quiz", {"quiz": "collectives"})
    poll = await next_poll(fake, bot)
    mark = len(fake.calls)
    await vote_for(fake, poll, "Scatter", OWNER_ID)
    feedback = await reply_to(fake, poll, after=mark)
    assert "Not quite." in feedback.content
    await next_poll(fake, bot, after=mark)

    mark = len(fake.calls)  # changed at once, before the bot ended the poll: its events arrive after
    await fake.vote(message_id(poll), poll_answers(poll).index("Scatter") + 1, user_id=OWNER_ID, add=False,
                    in_flight=True)
    await vote_for(fake, poll, "All-reduce", OWNER_ID, in_flight=True)
    await fake.quiet()
    assert fake.calls[mark:] == []  # no second verdict, no extra poll

    progress = await fake.slash("progress")
    reply = await fake.wait_until(first_answer(fake, progress))
    assert "in progress: 1 of 3 answered," in reply.content  # one answer recorded, not two


def sends(fake: FakeDiscord, after: int) -> list[tuple[int, bool]]:
    """Each message sent to a channel since ``after``: its status, and whether it was a poll."""
    return [(c.status, bool(c.body.get("poll"))) for c in fake.calls[after:]
            if c.method == "POST" and c.path.endswith("/messages")]


@pytest.mark.parametrize(("refused", "expected"), [
    ("feedback", [(503, False), (200, False), (200, True)]),
    ("next poll", [(200, False), (503, True), (200, True)]),
])
async def test_a_message_discord_refuses_with_503_after_a_vote_is_sent_again_alone(
        bot: RunningBot, fake: FakeDiscord, caplog: pytest.LogCaptureFixture, refused: str,
        expected: list[tuple[int, bool]]) -> None:
    """discord.py gives up on a 503 at once, and a voter has no command to send again: that one message is tried
    again, and nothing sent before it goes twice."""
    await fake.slash("quiz", {"quiz": "collectives"})
    poll = await next_poll(fake, bot)
    mark = len(fake.calls)
    if refused == "feedback":
        fake.unavailable.sends = 1
    else:
        fake.unavailable.polls = 1
    await vote_for(fake, poll, "All-reduce", OWNER_ID)
    second = await next_poll(fake, bot, after=mark)
    feedback = await reply_to(fake, poll, after=mark)
    assert feedback.content.startswith(f"<@{OWNER_ID}> ✅")
    assert second.body["poll"]["question"]["text"].startswith("2/3 ")
    assert sends(fake, mark) == expected
    assert "Discord answered 503" in caplog.text

    progress = await fake.slash("progress")
    reply = await fake.wait_until(first_answer(fake, progress))
    assert "in progress: 1 of 3 answered, 1 right" in reply.content


async def test_the_last_questions_feedback_refused_with_503_still_brings_the_summary(
        bot: RunningBot, fake: FakeDiscord) -> None:
    await fake.slash("quiz", {"quiz": "long-options"})  # one question
    poll = await next_poll(fake, bot)
    mark = len(fake.calls)
    fake.unavailable.sends = 1
    await vote_for(fake, poll, "A", OWNER_ID)
    summary = await fake.wait_until(lambda: next((c for c in fake.channel_messages(after=mark) if "🏁" in c.content),
                                                 None))
    assert "out of 1 question" in summary.content
    assert [status for status, _ in sends(fake, mark)] == [503, 200, 200]  # the feedback again, then the summary


async def test_a_vote_after_a_restart_still_answers_the_poll_in_the_language_stored_at_quiz_time(
        settings: Settings, fake: FakeDiscord) -> None:
    async with running_bot(settings, fake) as before:
        await fake.slash("quiz", {"quiz": "collectives"}, locale="fr", guild_locale="fr")
        poll = await next_poll(fake, before)

    mark = len(fake.calls)
    async with running_bot(settings, fake) as after:  # a new client and engine on the same SQLite file
        assert len(fake.identifies) == 2
        await vote_for(fake, poll, "All-reduce (réduction totale)", OWNER_ID)
        second = await next_poll(fake, after, after=mark)
        feedback = await reply_to(fake, poll, after=mark)
    assert fake.ended_polls(after=mark) == [message_id(poll)]
    assert after.engine.localizer_for("fr")("Correct!") in feedback.content
    assert "All-reduce additionne sur tous les rangs" in feedback.content
    assert second.body["poll"]["question"]["text"].startswith("2/3 · Quelle collective reconstruit")


async def test_a_vote_on_someone_elses_poll_is_left_alone_and_the_voter_is_not_recorded(
        bot: RunningBot, fake: FakeDiscord, settings: Settings, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG, logger="adapters.discord.votes")
    their_poll = fake.snowflake()  # a server member's own poll: Discord reports its votes to the bot too
    mark = len(fake.calls)
    await fake.vote(their_poll, 1, user_id=OTHER_ID)
    await fake.wait_until(lambda: f"vote on {their_poll} by {OTHER_ID} ignored" in caplog.text)
    await fake.quiet()
    assert fake.calls[mark:] == []
    with sqlite3.connect(settings.data_dir / "quiztutor.sqlite3") as database:
        assert database.execute("SELECT count(*) FROM users").fetchone() == (0,)
