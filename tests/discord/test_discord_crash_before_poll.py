"""The process dies between committing a learner's move to the next question and posting its poll (kill -9, a
deploy): the session waits on a question no poll asks. Nobody saw it, so it must not time out unseen (rated
forgotten, counted as a miss, back in review): it is asked again with its full time, as on Telegram. A question
asked privately (buttons only the learner sees) is never asked again as a poll in the channel."""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta

import pytest

from adapters.settings import Settings
from tests.discord.crash import a_poll, a_poll_ended, crashing_at
from tests.discord.fake_discord import FakeDiscord
from tests.discord.fake_records import Call
from tests.discord.harness import running_bot
from tests.discord.payloads import EPHEMERAL, OWNER_ID
from tests.discord.support import buttons, message_id, next_poll, poll_answers, poll_question, reply_to
from tests.fakes.clock import FixedClock

LIMIT = 30
FAST = 0.02  # seconds between sweeps
WAIT = 0.3  # seconds after start-up before the look for questions a crash left unsent
TIME_UP = "Time's up!"


@pytest.fixture
def timed(settings: Settings) -> Settings:
    return settings.model_copy(update={"question_seconds": LIMIT})


async def question_2_lost(fake: FakeDiscord, settings: Settings, clock: FixedClock,
                          at: Callable[[Call], bool] = a_poll) -> Call:
    """/quiz collectives, the learner's vote on question 1, the bot killed before question 2's poll went out (or,
    ``at`` a_poll_ended, before question 1's poll was ended); question 1's poll."""
    async with running_bot(settings, fake, clock) as bot:
        await fake.slash("quiz", {"quiz": "collectives"})
        first = await next_poll(fake, bot)
    clock.advance(timedelta(seconds=5))  # she reads it
    async with crashing_at(fake, settings, at, clock):
        await fake.vote(message_id(first), 1, user_id=OWNER_ID)
    return first


def full_time(clock: FixedClock) -> str:
    return f"<t:{int((clock.now + timedelta(seconds=LIMIT)).timestamp())}:R>"


async def test_a_poll_a_crash_lost_is_asked_with_its_full_time_when_its_time_has_run_out(
        fake: FakeDiscord, timed: Settings, clock: FixedClock) -> None:
    """Before: the sweep timed question 2 out unseen (nothing posted: no poll asked it), rated forgotten."""
    first = await question_2_lost(fake, timed, clock)
    clock.advance(timedelta(seconds=LIMIT * 2))  # the restart comes after its deadline
    mark = len(fake.calls)
    async with running_bot(timed, fake, clock, sweep_interval=FAST) as bot:
        second = await next_poll(fake, bot, after=mark)
        assert poll_question(second).startswith("2/3 · ")
        assert full_time(clock) in second.content
        await fake.quiet(FAST * 10)
        assert [c.content for c in fake.replies_to(message_id(first), mark) if TIME_UP in c.content] == []
        assert len(fake.polls(after=mark)) == 1


async def test_a_poll_a_crash_lost_is_asked_a_moment_after_the_restart(
        fake: FakeDiscord, timed: Settings, clock: FixedClock) -> None:
    await question_2_lost(fake, timed, clock)
    clock.advance(timedelta(seconds=10))
    mark = len(fake.calls)
    async with running_bot(timed, fake, clock, sweep_interval=FAST, unsent_wait=WAIT) as bot:
        second = await next_poll(fake, bot, after=mark)
        assert poll_question(second).startswith("2/3 · ") and full_time(clock) in second.content
        await fake.quiet(WAIT * 2)
        assert len(fake.polls(after=mark)) == 1  # once


@pytest.mark.parametrize("late", [False, True])
async def test_skip_of_a_poll_a_crash_lost_asks_it_rather_than_skipping_it_unseen(
        fake: FakeDiscord, timed: Settings, clock: FixedClock, late: bool) -> None:
    """Before: "Question 2 skipped." (or past its deadline "Time's up!"), and question 3 asked."""
    await question_2_lost(fake, timed, clock)
    clock.advance(timedelta(seconds=LIMIT * 2 if late else 10))
    mark = len(fake.calls)
    async with running_bot(timed, fake, clock, unsent_wait=60) as bot:
        await fake.slash("skip")
        second = await next_poll(fake, bot, after=mark)
        assert poll_question(second).startswith("2/3 · ") and full_time(clock) in second.content


async def test_quiz_resumes_a_poll_a_crash_lost_with_its_full_time(
        fake: FakeDiscord, timed: Settings, clock: FixedClock) -> None:
    """Before: "Time's up! Question 2 wasn't answered in time", and question 3 asked."""
    await question_2_lost(fake, timed, clock)
    clock.advance(timedelta(seconds=LIMIT * 2))
    mark = len(fake.calls)
    async with running_bot(timed, fake, clock, unsent_wait=60) as bot:
        token = await fake.slash("quiz", {"quiz": "collectives"})
        second = await next_poll(fake, bot, after=mark)
        assert poll_question(second).startswith("2/3 · ") and full_time(clock) in second.content
        assert not any(TIME_UP in (c.content or "") for c in fake.interaction_calls(token))


async def test_a_vote_changed_on_the_poll_left_open_by_the_crash_asks_the_next_question(
        fake: FakeDiscord, timed: Settings, clock: FixedClock) -> None:
    """Killed after her vote was kept but before its poll was ended: she votes again on it, and gets what her first
    vote should have shown. Before: nothing (the question answered already)."""
    first = await question_2_lost(fake, timed, clock, at=a_poll_ended)
    clock.advance(timedelta(seconds=10))
    mark = len(fake.calls)
    async with running_bot(timed, fake, clock, unsent_wait=60) as bot:
        await fake.vote(message_id(first), len(poll_answers(first)), user_id=OWNER_ID)
        second = await next_poll(fake, bot, after=mark)
        assert poll_question(second).startswith("2/3 · ") and full_time(clock) in second.content
        assert await reply_to(fake, first, after=mark)  # the first vote's verdict, under its poll


async def test_a_question_asked_privately_after_a_poll_is_never_asked_in_the_channel(
        fake: FakeDiscord, timed: Settings, clock: FixedClock) -> None:
    """Question 1 a poll, then /skip private:True: question 2 goes to buttons only she sees; its time runs out
    unseen by the bot (a private question can't be followed up unasked) across a restart. Nothing of it, nor of the
    next, comes up as a poll in the channel: no poll link after one that had is no sign of a crash here."""
    async with running_bot(timed, fake, clock) as bot:
        await fake.slash("quiz", {"quiz": "collectives"})
        await next_poll(fake, bot)
        private = await fake.slash("skip", {"private": True})
        await fake.wait_until(lambda: next((c for c in fake.answers(private) if buttons(c)), None))
    clock.advance(timedelta(seconds=LIMIT * 2))
    mark = len(fake.calls)
    async with running_bot(timed, fake, clock, sweep_interval=FAST, unsent_wait=WAIT):
        await fake.quiet(WAIT * 3)
        assert fake.polls(after=mark) == []
        skip = await fake.slash("skip")
        shown = await fake.wait_until(lambda: next((c for c in fake.answers(skip) if buttons(c)), None))
        await fake.quiet(WAIT)
        assert fake.polls(after=mark) == [], shown.content
        assert fake.interaction_calls(skip)[0].body == {"type": 5, "data": {"flags": EPHEMERAL}}


async def test_a_question_a_crash_caught_as_it_was_shown_privately_is_not_asked_in_the_channel(
        fake: FakeDiscord, timed: Settings, clock: FixedClock) -> None:
    """Killed while Discord showed question 2 on her private buttons (after question 1's poll): that counts as shown
    privately, never as a poll the crash lost."""
    async with running_bot(timed, fake, clock) as bot:
        await fake.slash("quiz", {"quiz": "collectives"})
        await next_poll(fake, bot)
    async with crashing_at(fake, timed, lambda call: call.path.startswith("/webhooks/") and bool(buttons(call)), clock):
        await fake.slash("skip", {"private": True})
    clock.advance(timedelta(seconds=LIMIT * 2))
    mark = len(fake.calls)
    async with running_bot(timed, fake, clock, sweep_interval=FAST, unsent_wait=WAIT):
        await fake.quiet(WAIT * 3)
        assert fake.polls(after=mark) == []
