"""A time limit per question on Telegram: polls that close themselves, and a quiz that moves on when time runs out.

The engine's clock is a FixedClock the test moves on, and the sweeper looks every few milliseconds, so
nothing here waits for a real limit to pass.
"""

from __future__ import annotations

from datetime import timedelta

import pytest

from adapters.settings import Settings
from adapters.telegram.surface import open_period
from bot.replies import Actor, QuestionView
from tests.fakes.clock import FixedClock
from tests.telegram.fake_types import FakeChat, PollClosed
from tests.telegram.telegram_fake_api import FakeBotApi, FakeUser
from tests.telegram.telegram_harness import AMINATA, GROUP, correct, for_chat, next_poll, poll_id, running_bot

LIMIT = 30
FAST = 0.02  # seconds between sweeps
ADA = FakeUser(201, "<Ada & Co>", "en")  # a name that must be escaped in HTML
TIME_UP = ("Time's up! Question {number} wasn't answered in time: it scores no point, and "
           "it comes back for review as a wrong answer does.")


@pytest.fixture
def timed(settings: Settings) -> Settings:
    return settings.model_copy(update={"question_seconds": LIMIT})


@pytest.mark.parametrize(("seconds_left", "period"), [(None, None), (30, 30), (2, 5), (0, 5), (3_000_000, 2_628_000)])
def test_a_poll_stays_open_for_the_time_left_within_what_telegram_allows(seconds_left: int | None,
                                                                         period: int | None) -> None:
    view = QuestionView(session_id="s1", quiz_id="q", question_id="q1", number=1, total=3, label="Question 1 of 3",
                        prompt="?", options=("a", "b"), correct_index=0, explanation="", language="en",
                        seconds_left=seconds_left)
    assert open_period(view) == period


async def test_without_a_time_limit_polls_stay_open_until_answered(api: FakeBotApi, settings: Settings) -> None:
    async with running_bot(settings):
        await api.command(AMINATA, "/quiz collectives")
        poll = await next_poll(api, AMINATA.id, 1)
    assert "open_period" not in poll.params


async def test_a_question_whose_time_runs_out_is_skipped_with_a_notice_and_the_next_poll_follows(
        api: FakeBotApi, timed: Settings, clock: FixedClock) -> None:
    async with running_bot(timed, clock, sweep_interval=FAST) as engine:
        await api.command(AMINATA, "/quiz collectives")
        first = await next_poll(api, AMINATA.id, 1)
        assert first.params["open_period"] == str(LIMIT)  # Telegram closes the poll and shows a countdown
        await api.settle(quiet=FAST * 10)
        assert len(api.polls(AMINATA.id)) == 1  # the time hasn't run out: nothing happens

        texts_before = len(api.sent_texts(AMINATA.id))
        clock.advance(timedelta(seconds=LIMIT))
        second = await next_poll(api, AMINATA.id, 2)
        assert second.params["question"].startswith("2/3 ")
        assert second.params["open_period"] == str(LIMIT)  # a full time for the next question
        notice = api.sent_texts(AMINATA.id)[texts_before:]
        assert notice == [engine.localizer_for("fr")(TIME_UP, number=1)]

        await api.settle(quiet=FAST * 10)
        assert len(api.polls(AMINATA.id)) == 2  # the skip happened once
        progress = await engine.progress(Actor("telegram", str(AMINATA.id)))
        fr = engine.localizer_for("fr")
        assert progress.lines[0].text == " · ".join([
            fr("in progress: {answered} of {total} answered, {correct} right", answered=0, total=3, correct=0),
            "1 question hors délai"])


async def test_a_vote_telegram_delivers_after_the_deadline_counts_as_cast_while_its_poll_was_open(
        api: FakeBotApi, timed: Settings, clock: FixedClock) -> None:
    """Telegram closes a timed poll itself (open_period) and takes no vote after: one it delivers late (the bot
    slow, or away) was cast in time, and is scored. A vote after the close can't be cast (the fake refuses it)."""
    async with running_bot(timed, clock, sweep_interval=60) as engine:  # no sweep comes in time here
        await api.command(AMINATA, "/quiz collectives")
        first = await next_poll(api, AMINATA.id, 1)
        clock.advance(timedelta(seconds=LIMIT + 5))  # the engine's time only: the poll is still open
        await api.answer_poll(AMINATA, poll_id(first), [correct(first)])
        await next_poll(api, AMINATA.id, 2)
        texts = api.sent_texts(AMINATA.id)
        progress = await engine.progress(Actor("telegram", str(AMINATA.id)))
    fr = engine.localizer_for("fr")
    assert fr(TIME_UP, number=1) not in texts
    assert progress.lines[0].text == fr("in progress: {answered} of {total} answered, {correct} right",
                                        answered=1, total=3, correct=1)


async def test_telegram_refuses_a_vote_once_a_timed_poll_closed(api: FakeBotApi, timed: Settings,
                                                                 clock: FixedClock) -> None:
    api.clock = lambda: clock.now.timestamp()  # the poll's countdown on the engine's clock
    async with running_bot(timed, clock, sweep_interval=60):
        await api.command(AMINATA, "/quiz collectives")
        first = await next_poll(api, AMINATA.id, 1)
        clock.advance(timedelta(seconds=LIMIT))
        with pytest.raises(PollClosed):
            await api.answer_poll(AMINATA, poll_id(first), [correct(first)])


async def test_the_last_question_timing_out_brings_the_summary_with_a_retry_button(
        api: FakeBotApi, timed: Settings, clock: FixedClock) -> None:
    async with running_bot(timed, clock, sweep_interval=FAST) as engine:
        fr = engine.localizer_for("fr")
        await api.command(AMINATA, "/quiz long-options")
        await next_poll(api, AMINATA.id, 1)
        clock.advance(timedelta(seconds=LIMIT))
        time_up = fr(TIME_UP, number=1)
        summary = (await api.wait_for("sendMessage", 1, lambda p: p["text"].startswith(time_up)))[0]
    assert fr("Quiz finished: {title}", title="Options longues") in summary.params["text"]
    assert "reply_markup" in summary.params  # the skipped question can be retried


async def test_resuming_a_quiz_whose_last_question_timed_out_says_time_is_up_with_its_summary(
        api: FakeBotApi, timed: Settings, clock: FixedClock) -> None:
    # No sweep comes in time here: resuming itself finds that the time ran out, and the quiz is over.
    async with running_bot(timed, clock, sweep_interval=60) as engine:
        fr = engine.localizer_for("fr")
        await api.command(AMINATA, "/quiz long-options")
        await next_poll(api, AMINATA.id, 1)
        clock.advance(timedelta(seconds=LIMIT + 5))
        await api.command(AMINATA, "/quiz long-options")
        finished = fr("Quiz finished: {title}", title="Options longues")
        summary = (await api.wait_for("sendMessage", 1, lambda p: finished in p["text"]))[0]
    assert summary.params["text"].startswith(fr(TIME_UP, number=1))  # as had they been there when it ran out


async def test_a_deadline_that_passes_while_the_bot_is_down_is_kept_after_the_restart(
        api: FakeBotApi, timed: Settings, clock: FixedClock) -> None:
    async with running_bot(timed, clock, sweep_interval=FAST):
        await api.command(AMINATA, "/quiz collectives")
        await next_poll(api, AMINATA.id, 1)
    clock.advance(timedelta(minutes=5))  # the bot is down when the time runs out
    async with running_bot(timed, clock, sweep_interval=FAST) as engine:
        second = await next_poll(api, AMINATA.id, 2)
        assert second.params["question"].startswith("2/3 ")
        assert engine.localizer_for("fr")(TIME_UP, number=1) in api.sent_texts(AMINATA.id)
        await api.settle(quiet=FAST * 10)
    assert len(api.polls(AMINATA.id)) == 2


async def test_in_a_group_the_notice_and_the_next_poll_name_whose_quiz_it_is(
        api: FakeBotApi, timed: Settings, clock: FixedClock) -> None:
    async with running_bot(timed, clock, sweep_interval=FAST):
        await api.command(ADA, "/quiz collectives", GROUP)
        await next_poll(api, GROUP.id, 1)
        clock.advance(timedelta(seconds=LIMIT))
        second = await next_poll(api, GROUP.id, 2)
        notice = (await api.wait_for("sendMessage", 2, for_chat(GROUP.id)))[1]
    assert second.params["question"].startswith("2/3 (<Ada & Co>) · ")
    assert notice.params["text"] == "<b>&lt;Ada &amp; Co&gt;</b> · " + TIME_UP.format(number=1)  # Ada speaks English


async def test_resuming_after_the_time_ran_out_closes_the_old_poll_as_over_and_asks_again_only_a_live_one(
        api: FakeBotApi, timed: Settings, clock: FixedClock) -> None:
    """A question still open when the learner comes back is asked again, its old poll deleted (closed, it would
    show the answer to pick); one whose time ran out before a sweep came by is over: its poll is closed."""
    async with running_bot(timed, clock, sweep_interval=3600.0):  # no sweep: the resume finds the time out
        await api.command(ADA, "/quiz collectives")
        first = await next_poll(api, ADA.id, 1)
        await api.command(ADA, "/quiz")  # in time: the same question again
        again = await next_poll(api, ADA.id, 2)
        assert again.params["question"] == first.params["question"]
        await api.wait_for("deleteMessage", 1)
        clock.advance(timedelta(seconds=LIMIT + 1))
        await api.command(ADA, "/quiz")  # too late: that question is over, the next one comes
        after = await next_poll(api, ADA.id, 3)
        assert after.params["question"].startswith("2/3 ")
        [closed] = await api.wait_for("stopPoll", 1)
        await api.settle()
    assert closed.params["message_id"] == str(again.result["message_id"])
    assert [call.params["message_id"] for call in api.calls("deleteMessage")] == [str(first.result["message_id"])]
    assert TIME_UP.format(number=1) in "\n".join(api.sent_texts(ADA.id))


async def test_a_member_who_left_the_group_has_no_more_of_their_quiz_posted_there_until_they_resume_it(
        api: FakeBotApi, timed: Settings, clock: FixedClock) -> None:
    """Each time-out used to post the next poll of a quiz nobody there could answer (only its owner's votes
    count), to the end of the quiz: the group read an absent member's whole quiz. Now the quiz waits for them."""
    async with running_bot(timed, clock, sweep_interval=FAST) as engine:
        await api.command(ADA, "/quiz collectives", GROUP)
        await next_poll(api, GROUP.id, 1)
        api.left[GROUP.id] = {ADA.id}
        clock.advance(timedelta(seconds=LIMIT))
        await api.wait_for("getChatMember", 1)
        await api.settle()
        assert len(api.polls(GROUP.id)) == 1 and len(api.sent_texts(GROUP.id)) == 1
        clock.advance(timedelta(seconds=LIMIT * 3))
        await api.settle()
        assert len(api.polls(GROUP.id)) == 1 and len(api.sent_texts(GROUP.id)) == 1
        progress = await engine.progress(Actor("telegram", str(ADA.id)))
        assert "1 timed out" in progress.lines[0].text  # the first question's time ran out all the same
        await api.command(ADA, "/quiz", FakeChat.private(ADA))  # back in a private chat: the next question
        resumed = await next_poll(api, ADA.id, 1)
    assert resumed.params["question"].startswith("2/3 ")
