"""The process dies between committing a learner's move to the next question and sending its poll (kill -9, a
deploy): the session waits on a question no poll asks. What the learner sees and can do after the restart."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from datetime import datetime, timedelta
from typing import Any

import pytest

from adapters.runtime import utc_now
from adapters.settings import Settings
from tests.fakes.clock import FixedClock
from tests.telegram.telegram_fake_api import Call, FakeBotApi
from tests.telegram.telegram_harness import AMINATA, GROUP, correct, next_poll, poll_id, running_bot

LIMIT = 30
FAST = 0.02  # seconds between sweeps
WAIT = 0.3  # seconds after start-up before the look for questions a crash left unsent


class CrashBeforeTheNextPoll:
    """The next sendPoll never reaches Telegram: it hangs until the stop cancels its handler, as a process killed
    right after the commit leaves it; then the fake drops it unrecorded (a crash before the request went out)."""

    def __init__(self, api: FakeBotApi) -> None:
        self.stuck = asyncio.Event()
        self._dropped = asyncio.Event()
        api.before_reply["sendPoll"] = self._hang
        self._api = api

    async def _hang(self, _result: Any) -> None:
        self._api.before_reply.pop("sendPoll")
        self.stuck.set()
        await self._dropped.wait()
        raise ConnectionResetError("the bot died before this poll was sent")

    def drop(self) -> None:
        self._dropped.set()


@asynccontextmanager
async def crashing_before_the_next_poll(api: FakeBotApi, settings: Settings,
                                        clock: Callable[[], datetime] = utc_now) -> AsyncIterator[None]:
    """Within: the bot is up, and the next poll it sends is lost with the process; at the end, it is down."""
    crash = CrashBeforeTheNextPoll(api)
    async with running_bot(settings, clock, sweep_interval=FAST):
        yield
        await crash.stuck.wait()
    crash.drop()


async def question_2_lost(api: FakeBotApi, settings: Settings, clock: FixedClock) -> Call:
    """Aminata's /quiz collectives, then her answer to question 1, the bot killed before question 2's poll went
    out; question 1's poll."""
    async with running_bot(settings, clock):
        await api.command(AMINATA, "/quiz collectives")
        first = await next_poll(api, AMINATA.id, 1)
    async with crashing_before_the_next_poll(api, settings, clock):
        await api.answer_poll(AMINATA, poll_id(first), [correct(first)])
    return first


@pytest.fixture
def timed(settings: Settings) -> Settings:
    return settings.model_copy(update={"question_seconds": LIMIT})


async def test_a_question_whose_poll_a_crash_lost_is_asked_a_few_seconds_after_the_restart_once(
        api: FakeBotApi, settings: Settings, clock: FixedClock) -> None:
    """Before: nothing came (her poll answered, no next one) until she thought of sending /quiz."""
    async with running_bot(settings, clock):
        await api.command(AMINATA, "/quiz collectives")
        first = await next_poll(api, AMINATA.id, 1)
    clock.advance(timedelta(seconds=5))  # she reads it
    async with crashing_before_the_next_poll(api, settings, clock):
        await api.answer_poll(AMINATA, poll_id(first), [correct(first)])
    clock.advance(timedelta(seconds=20))  # the restart
    async with running_bot(settings, clock, sweep_interval=FAST, unsent_wait=WAIT):
        await api.settle(quiet=WAIT / 2)
        assert len(api.polls(AMINATA.id)) == 1  # not at once: another replica may be sending it
        second = await next_poll(api, AMINATA.id, 2)
        assert second.params["question"].startswith("2/3 ")
        await api.settle(quiet=WAIT * 3)
        assert len(api.polls(AMINATA.id)) == 2  # once
        await api.answer_poll(AMINATA, poll_id(second), [correct(second)])  # linked: her vote counts
        assert (await next_poll(api, AMINATA.id, 3)).params["question"].startswith("3/3 ")
    async with running_bot(settings, clock, unsent_wait=WAIT):  # a later restart finds nothing to ask again
        await api.settle(quiet=WAIT * 3)
        assert len(api.polls(AMINATA.id)) == 3


async def test_in_a_group_the_question_a_crash_lost_is_asked_there_for_its_owner(
        api: FakeBotApi, settings: Settings, clock: FixedClock) -> None:
    async with running_bot(settings, clock):
        await api.command(AMINATA, "/quiz collectives", GROUP)
        first = await next_poll(api, GROUP.id, 1)
    clock.advance(timedelta(seconds=5))
    async with crashing_before_the_next_poll(api, settings, clock):
        await api.answer_poll(AMINATA, poll_id(first), [correct(first)])
    clock.advance(timedelta(seconds=20))
    async with running_bot(settings, clock, unsent_wait=WAIT):
        second = await next_poll(api, GROUP.id, 2)
        assert second.params["question"].startswith("2/3 ") and "Aminata" in second.params["question"]
        await api.answer_poll(AMINATA, poll_id(second), [correct(second)])
        assert (await next_poll(api, GROUP.id, 3)).params["question"].startswith("3/3 ")
    assert api.polls(AMINATA.id) == []  # not in her private chat


async def test_a_lost_question_of_a_quiz_left_for_another_since_the_restart_is_not_asked(
        api: FakeBotApi, settings: Settings, clock: FixedClock) -> None:
    """Its poll would come up in the middle of the other quiz: it is asked when she resumes it, as any paused one."""
    async with running_bot(settings, clock):
        await api.command(AMINATA, "/quiz collectives")
        first = await next_poll(api, AMINATA.id, 1)
    clock.advance(timedelta(seconds=5))
    async with crashing_before_the_next_poll(api, settings, clock):
        await api.answer_poll(AMINATA, poll_id(first), [correct(first)])
    clock.advance(timedelta(seconds=20))
    async with running_bot(settings, clock, unsent_wait=WAIT * 3):
        await api.command(AMINATA, "/quiz long-options")
        other = await next_poll(api, AMINATA.id, 2)
        await api.settle(quiet=WAIT * 6)
        assert api.polls(AMINATA.id)[-1] is other  # nothing of collectives since


async def test_a_question_whose_poll_went_out_is_not_asked_again_after_a_restart(
        api: FakeBotApi, settings: Settings, clock: FixedClock) -> None:
    async with running_bot(settings, clock):
        await api.command(AMINATA, "/quiz collectives")
        first = await next_poll(api, AMINATA.id, 1)
        clock.advance(timedelta(seconds=5))
        await api.answer_poll(AMINATA, poll_id(first), [correct(first)])
        await next_poll(api, AMINATA.id, 2)
    clock.advance(timedelta(seconds=20))
    async with running_bot(settings, clock, unsent_wait=WAIT):
        await api.settle(quiet=WAIT * 3)
        assert len(api.polls(AMINATA.id)) == 2


async def test_quiz_asks_a_question_whose_poll_a_crash_lost(api: FakeBotApi, settings: Settings) -> None:
    """Before its start-up look, or where none is made, the learner's /quiz asks it (as it did before)."""
    async with running_bot(settings):
        await api.command(AMINATA, "/quiz collectives")
        first = await next_poll(api, AMINATA.id, 1)
    async with crashing_before_the_next_poll(api, settings):
        await api.answer_poll(AMINATA, poll_id(first), [correct(first)])
    async with running_bot(settings, unsent_wait=3600):
        await api.command(AMINATA, "/quiz")
        second = await next_poll(api, AMINATA.id, 2)
        assert second.params["question"].startswith("2/3 ")


async def test_a_timed_question_whose_poll_a_crash_lost_is_asked_at_its_deadline_not_timed_out_unseen(
        api: FakeBotApi, timed: Settings, clock: FixedClock) -> None:
    """Before: its deadline ran out unseen, "Time's up! Question 2 wasn't answered in time" was said of a question
    she never saw, and question 3 came with no timer (its clock left stopped, as for a question nobody saw)."""
    await question_2_lost(api, timed, clock)
    async with running_bot(timed, clock, sweep_interval=FAST):
        told = len(api.sent_texts(AMINATA.id))
        clock.advance(timedelta(seconds=LIMIT))
        second = await next_poll(api, AMINATA.id, 2)
        assert second.params["question"].startswith("2/3 ") and second.params["open_period"] == str(LIMIT)
        await api.settle(quiet=FAST * 10)
        assert len(api.sent_texts(AMINATA.id)) == told  # no "Time's up!" for it
        assert len(api.polls(AMINATA.id)) == 2  # asked once: its new poll is linked, so it times out as any
        clock.advance(timedelta(seconds=LIMIT))
        third = await next_poll(api, AMINATA.id, 3)
        assert third.params["question"].startswith("3/3 ") and third.params["open_period"] == str(LIMIT)


async def test_a_timed_question_a_crash_lost_and_stopped_after_its_deadline_is_not_reviewed_as_forgotten(
        api: FakeBotApi, timed: Settings, clock: FixedClock) -> None:
    """Before: /stop, sent past the lost question's deadline before a sweep came by, timed it out: rated forgotten,
    it came up in the next day's /review as a question she had let run out, though she never saw it."""
    await question_2_lost(api, timed, clock)
    async with running_bot(timed, clock, unsent_wait=3600):  # its start-up sweep came before the deadline
        await api.settle(quiet=FAST * 10)
        clock.advance(timedelta(seconds=LIMIT))
        await api.command(AMINATA, "/stop")
        stopped = await api.wait_for("sendMessage", 1, lambda p: "arrêté" in p["text"])
        assert "Temps écoulé" not in " ".join(call.params["text"] for call in stopped)
        clock.advance(timedelta(days=1))
        await api.command(AMINATA, "/review")
        await api.settle(quiet=FAST * 10)
        assert [call.params["question"] for call in api.polls(AMINATA.id)[1:]] == []
        assert "Rien à revoir" in api.sent_texts(AMINATA.id)[-1]


async def test_a_timed_question_a_crash_lost_resumed_after_its_deadline_is_asked_with_its_full_time(
        api: FakeBotApi, timed: Settings, clock: FixedClock) -> None:
    """Before: /quiz, sent past the lost question's deadline before a sweep came by, said "Time's up! Question 2
    wasn't answered in time" of a question she never saw, rated it forgotten and asked question 3."""
    await question_2_lost(api, timed, clock)
    async with running_bot(timed, clock, unsent_wait=3600):
        await api.settle(quiet=FAST * 10)
        told = len(api.sent_texts(AMINATA.id))
        clock.advance(timedelta(seconds=LIMIT))
        await api.command(AMINATA, "/quiz collectives")
        second = await next_poll(api, AMINATA.id, 2)
        assert second.params["question"].startswith("2/3 ") and second.params["open_period"] == str(LIMIT)
        assert not any("Temps écoulé" in text for text in api.sent_texts(AMINATA.id)[told:])


@pytest.mark.parametrize("late", [False, True])
async def test_a_skip_of_a_question_a_crash_lost_asks_it_rather_than_skipping_it_unseen(
        api: FakeBotApi, timed: Settings, clock: FixedClock, late: bool) -> None:
    """Before: /skip skipped the question she never saw ("Question 2 skipped.", or past its deadline "Time's up!",
    rated forgotten) and asked question 3, as for one on her screen."""
    await question_2_lost(api, timed, clock)
    async with running_bot(timed, clock, unsent_wait=3600):
        await api.settle(quiet=FAST * 10)
        told = len(api.sent_texts(AMINATA.id))
        clock.advance(timedelta(seconds=LIMIT if late else 5))
        await api.command(AMINATA, "/skip")
        second = await next_poll(api, AMINATA.id, 2)
        assert second.params["question"].startswith("2/3 ") and second.params["open_period"] == str(LIMIT)
        assert not any("Temps écoulé" in text or "passée" in text for text in api.sent_texts(AMINATA.id)[told:])


async def test_a_vote_delivered_again_past_the_lost_questions_deadline_asks_it_with_its_full_time(
        api: FakeBotApi, timed: Settings, clock: FixedClock) -> None:
    """Before: the question came with the clock the crash had started, run out: a poll open for Telegram's least
    (5 seconds), and "Time's up!" at the next sweep for a question she had only just been shown."""
    first = await question_2_lost(api, timed, clock)
    async with running_bot(timed, clock, unsent_wait=3600):
        await api.settle(quiet=FAST * 10)
        clock.advance(timedelta(seconds=LIMIT))
        await api.answer_poll(AMINATA, poll_id(first), [correct(first)])  # the same update, delivered again
        second = await next_poll(api, AMINATA.id, 2)
        assert second.params["question"].startswith("2/3 ") and second.params["open_period"] == str(LIMIT)
