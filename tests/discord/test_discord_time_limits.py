"""A time limit per question on Discord: the poll is ended for the learner, and the quiz moves on.

The engine's clock is a FixedClock the test moves on, and the sweeper looks every few milliseconds, so
nothing here waits for a real limit to pass.
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import AsyncIterator
from datetime import timedelta

import pytest

from adapters.discord.polls import build_poll
from adapters.settings import Settings
from bot.replies import Actor, QuestionView
from tests.discord.fake_discord import FakeDiscord
from tests.discord.harness import LEARNER_ID, RunningBot, running_bot
from tests.discord.payloads import EPHEMERAL, OWNER_ID
from tests.discord.support import buttons, message_id, next_poll, poll_question, reply_to, vote_for
from tests.fakes.clock import FixedClock

LIMIT = 30
FAST = 0.02  # seconds between sweeps
TIME_UP = ("Time's up! Question {number} wasn't answered in time: it scores no point, and "
           "it comes back for review as a wrong answer does.")

TIMED_OUT_ONCE = "in progress: 0 of 3 answered, 0 right · 1 timed out"


@pytest.fixture
def timed(settings: Settings) -> Settings:
    return settings.model_copy(update={"question_seconds": LIMIT})


@pytest.fixture
async def timed_bot(timed: Settings, fake: FakeDiscord, clock: FixedClock) -> AsyncIterator[RunningBot]:
    async with running_bot(timed, fake, clock, sweep_interval=FAST) as running:
        yield running


@pytest.mark.parametrize(("seconds_left", "configured", "hours"), [
    (None, 2, 2), (30, 2, 2), (3600, 1, 1), (3601, 1, 2), (7200, 1, 2), (2_628_000, 1, 730), (5_000_000, 1, 768)])
def test_a_poll_stays_open_at_least_for_the_questions_time_left_within_what_discord_allows(
        seconds_left: int | None, configured: int, hours: int) -> None:
    view = QuestionView(session_id="s1", quiz_id="q", question_id="q1", number=1, total=3, label="Question 1 of 3",
                        prompt="?", options=("a", "b"), correct_index=0, explanation="", language="en",
                        seconds_left=seconds_left)
    assert build_poll(view, configured).duration == timedelta(hours=hours)


async def _progress_reads(bot: RunningBot, user_id: int, wanted: str) -> None:
    """Wait until the user's progress line reads ``wanted`` (what the engine has recorded of their quiz)."""
    for _ in range(250):
        lines = (await bot.engine.progress(Actor("discord", str(user_id)))).lines
        if lines and lines[0].text == wanted:
            return
        await asyncio.sleep(0.02)
    raise AssertionError(f"the progress never read {wanted!r}")


async def test_when_the_time_runs_out_the_poll_is_ended_the_owner_told_and_the_next_poll_posted(
        timed_bot: RunningBot, fake: FakeDiscord, clock: FixedClock) -> None:
    await fake.slash("quiz", {"quiz": "collectives"})
    first = await next_poll(fake, timed_bot)
    deadline = int((clock.now + timedelta(seconds=LIMIT)).timestamp())
    assert f"⏱ <t:{deadline}:R>" in first.content  # a countdown, in each reader's own language
    assert first.body["poll"]["duration"] == 2  # Discord polls last whole hours; the engine keeps the limit
    await fake.quiet(FAST * 10)
    assert fake.ended_polls() == []  # the time hasn't run out: nothing happens

    mark = len(fake.calls)
    clock.advance(timedelta(seconds=LIMIT))
    second = await next_poll(fake, timed_bot, after=mark)
    notice = await reply_to(fake, first, after=mark)
    assert notice.content == f"<@{OWNER_ID}> " + TIME_UP.format(number=1)
    ended = next(i for i, c in enumerate(fake.calls) if c.path.endswith(f"/polls/{message_id(first)}/expire"))
    assert mark <= ended < fake.calls.index(notice) < fake.calls.index(second)  # end, say so, go on
    assert poll_question(second).startswith("2/3 · ")
    await fake.quiet(FAST * 10)
    assert fake.ended_polls(mark) == [message_id(first)] and len(fake.polls(after=mark)) == 1  # once


async def test_a_vote_after_the_deadline_ends_the_poll_without_a_verdict_and_the_quiz_moves_on(
        timed: Settings, fake: FakeDiscord, clock: FixedClock) -> None:
    # No sweep comes in time here: the late vote itself finds that the time ran out.
    async with running_bot(timed, fake, clock, sweep_interval=60) as bot:
        await fake.slash("quiz", {"quiz": "collectives"})
        first = await next_poll(fake, bot)
        clock.advance(timedelta(seconds=LIMIT + 1))
        mark = len(fake.calls)
        await vote_for(fake, first, "All-reduce", OWNER_ID)
        await next_poll(fake, bot, after=mark)
        notice = await reply_to(fake, first, after=mark)
    assert fake.ended_polls(mark) == [message_id(first)]
    assert notice.content == f"<@{OWNER_ID}> " + TIME_UP.format(number=1)
    assert not any("Correct!" in c.content for c in fake.channel_messages(after=mark))  # not scored


async def test_a_deadline_that_passes_while_the_bot_is_down_still_ends_the_poll_after_the_restart(
        timed: Settings, fake: FakeDiscord, clock: FixedClock) -> None:
    async with running_bot(timed, fake, clock, sweep_interval=FAST) as before:
        await fake.slash("quiz", {"quiz": "collectives"})
        first = await next_poll(fake, before)
    clock.advance(timedelta(minutes=5))
    mark = len(fake.calls)
    async with running_bot(timed, fake, clock, sweep_interval=FAST) as after:
        second = await next_poll(fake, after, after=mark)
        notice = await reply_to(fake, first, after=mark)
    assert fake.ended_polls(mark) == [message_id(first)]
    assert TIME_UP.format(number=1) in notice.content
    assert poll_question(second).startswith("2/3 · ")


async def test_resuming_a_quiz_whose_last_question_timed_out_ends_its_poll_with_the_summary(
        timed: Settings, fake: FakeDiscord, clock: FixedClock) -> None:
    # No sweep comes in time here: resuming itself finds that the time ran out, and the quiz is over.
    async with running_bot(timed, fake, clock, sweep_interval=60) as bot:
        await fake.slash("quiz", {"quiz": "long-options"})  # one question
        poll = await next_poll(fake, bot)
        clock.advance(timedelta(seconds=LIMIT + 1))
        mark = len(fake.calls)
        resumed = await fake.slash("quiz", {"quiz": "long-options"})
        summary = await fake.wait_until(lambda: next((c for c in fake.answers(resumed) if "🏁" in c.content), None))
        # Left open, the poll took votes for a quiz already over, for the rest of its hours.
        await fake.wait_until(lambda: message_id(poll) in fake.ended_polls(mark))
    assert "You scored 0 out of 1 question." in summary.content
    assert fake.ended_polls(mark) == [message_id(poll)] and fake.polls(after=mark) == []
    # Why its question shows as skipped, first and to them only (as the summary), as had they been there.
    said = fake.answers(resumed)
    assert said.index(summary) > 0 and said[0].content == TIME_UP.format(number=1)
    assert not any("Time's up" in c.content for c in fake.channel_messages(after=mark))


async def test_in_private_mode_the_next_click_says_the_time_was_up_and_shows_the_next_question(
        timed_bot: RunningBot, fake: FakeDiscord, clock: FixedClock) -> None:
    started = await fake.slash("quiz", {"quiz": "collectives", "private": True}, user_id=LEARNER_ID)
    question = await fake.wait_until(lambda: next((c for c in fake.answers(started) if buttons(c)), None))
    assert re.search(r"⏱ <t:\d+:R>", question.content)
    mark = len(fake.calls)
    clock.advance(timedelta(seconds=LIMIT))
    await _progress_reads(timed_bot, LEARNER_ID, TIMED_OUT_ONCE)  # the sweep skipped it...
    await fake.quiet(FAST * 10)
    assert fake.channel_messages(after=mark) == []  # ...and posted nothing: an ephemeral flow can't be followed up

    clock.advance(timedelta(hours=1))  # the next question's clock doesn't run while nobody sees it
    await fake.quiet(FAST * 10)
    click = await fake.click(int(question.response["id"]), buttons(question)[0]["custom_id"], user_id=LEARNER_ID)
    shown = await fake.wait_until(
        lambda: next((c for c in fake.interaction_calls(click) if buttons(c) and c.method == "POST"), None))
    notice = next(c for c in fake.answers(click) if "Time's up" in c.content)
    assert notice.content == TIME_UP.format(number=1) and notice.flags & EPHEMERAL
    assert shown.flags & EPHEMERAL
    assert "Which collective rebuilds" in shown.content
    assert f"⏱ <t:{int((clock.now + timedelta(seconds=LIMIT)).timestamp())}:R>" in shown.content  # a full time
    assert not any("Correct!" in c.content or "Not quite." in c.content for c in fake.answers(click))
    progress = await timed_bot.engine.progress(Actor("discord", str(LEARNER_ID)))
    assert progress.lines[0].text == TIMED_OUT_ONCE


async def test_in_private_mode_a_click_after_the_last_question_timed_out_says_so_and_shows_the_summary(
        timed_bot: RunningBot, fake: FakeDiscord, clock: FixedClock) -> None:
    """Before: "You already answered this question", though they never had, and no summary ever came."""
    started = await fake.slash("quiz", {"quiz": "long-options", "private": True}, user_id=LEARNER_ID)  # one question
    question = await fake.wait_until(lambda: next((c for c in fake.answers(started) if buttons(c)), None))
    clock.advance(timedelta(seconds=LIMIT))
    await _progress_reads(timed_bot, LEARNER_ID, "best 0/1 · 1 attempt")  # the sweep ended the quiz unseen

    click = await fake.click(int(question.response["id"]), buttons(question)[0]["custom_id"], user_id=LEARNER_ID)
    summary = await fake.wait_until(lambda: next((c for c in fake.answers(click) if "🏁" in c.content), None))
    said = [c.content for c in fake.answers(click) if c.content]
    assert said[0] == TIME_UP.format(number=1) and summary.flags & EPHEMERAL
    assert "You scored 0 out of 1 question." in summary.content
    assert [button["label"] for button in buttons(summary)] == ["Retry the question I missed"]
    assert not any("already answered" in text for text in said)
    progress = await timed_bot.engine.progress(Actor("discord", str(LEARNER_ID)))
    assert progress.lines[0].text == "best 0/1 · 1 attempt"  # shown, not counted again
