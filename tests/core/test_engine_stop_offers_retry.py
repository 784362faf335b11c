"""What a stop offers, and what "retry" alone means once a quiz was left and stopped: a stopped quiz offers the
retry of what it missed, as a summary does (Stopped's label, for a button naming it); a retry round left open
while another quiz was played and stopped is what "retry" carries on with (before: "There is nothing to retry.")."""

from __future__ import annotations

from bot.engine import QuizEngine
from bot.replies import Actor, Notice, NoticeCode, Started, Stopped
from tests.core.play import answer, start
from tests.fakes.clock import FixedClock

ALICE = Actor("telegram", "alice", chat_id="chat-a")
BOB = Actor("telegram", "bob", chat_id="chat-a")


async def test_a_stop_offers_the_retry_of_the_questions_it_asked_and_missed(engine: QuizEngine) -> None:
    await answer(engine, ALICE, await start(engine, ALICE), right=False)
    await engine.skip(ALICE)  # the third is shown, then the quiz is stopped: two missed, not three
    stopped = await engine.stop(ALICE)
    assert isinstance(stopped, Stopped) and stopped.text.startswith("Quiz stopped: Collectives.")
    assert stopped.retry_offer == "Want another go at the 2 questions you missed?"
    assert stopped.retry_label == "Retry the questions I missed" and stopped.session_id is not None
    retry = await engine.retry_missed(ALICE, stopped.session_id)  # its button
    assert isinstance(retry, Started) and retry.question.label == "Question 1 of 2"


async def test_a_stop_with_nothing_missed_offers_no_retry(engine: QuizEngine) -> None:
    await answer(engine, ALICE, await start(engine, ALICE), right=True)
    stopped = await engine.stop(ALICE)
    assert isinstance(stopped, Stopped) and stopped.retry_label is None and stopped.retry_offer is None


async def test_the_retry_button_of_a_stop_is_the_stopper_s_own(engine: QuizEngine) -> None:
    await answer(engine, ALICE, await start(engine, ALICE), right=False)
    stopped = await engine.stop(ALICE)
    assert isinstance(stopped, Stopped)
    refused = await engine.retry_missed(BOB, stopped.session_id)
    assert isinstance(refused, Notice) and refused.code is NoticeCode.NOT_YOUR_SESSION


async def test_retry_carries_on_with_its_open_round_after_another_quiz_was_started_and_stopped(
        engine: QuizEngine, clock: FixedClock) -> None:
    await answer(engine, ALICE, await start(engine, ALICE), right=False)
    await engine.stop(ALICE)
    clock.advance()
    first = await engine.retry_missed(ALICE)
    assert isinstance(first, Started)
    clock.advance()
    await start(engine, ALICE, "long-options")
    clock.advance()
    await engine.stop(ALICE)  # long-options, nothing answered: nothing of its own to retry
    clock.advance()
    again = await engine.retry_missed(ALICE)
    assert isinstance(again, Started) and again.resumed
    assert again.question.session_id == first.question.session_id


async def test_an_open_retry_round_is_not_hidden_by_an_older_finished_quiz(engine: QuizEngine,
                                                                          clock: FixedClock) -> None:
    await answer(engine, ALICE, await start(engine, ALICE, "long-options"), right=False)  # finished, one missed
    clock.advance()
    await answer(engine, ALICE, await start(engine, ALICE), right=False)
    await engine.stop(ALICE)
    clock.advance()
    first = await engine.retry_missed(ALICE)
    assert isinstance(first, Started) and first.question.quiz_id == "collectives"
    clock.advance()
    await start(engine, ALICE, "long-options")
    clock.advance()
    await engine.stop(ALICE)
    clock.advance()
    again = await engine.retry_missed(ALICE)
    assert isinstance(again, Started) and again.resumed
    assert again.question.session_id == first.question.session_id


async def test_a_quiz_missed_since_the_round_was_left_is_the_one_retried(engine: QuizEngine,
                                                                        clock: FixedClock) -> None:
    await answer(engine, ALICE, await start(engine, ALICE), right=False)
    await engine.stop(ALICE)
    clock.advance()
    await engine.retry_missed(ALICE)  # collectives' round, left open
    clock.advance()
    await answer(engine, ALICE, await start(engine, ALICE, "long-options"), right=False)  # finished since
    clock.advance()
    retry = await engine.retry_missed(ALICE)
    assert isinstance(retry, Started) and retry.question.quiz_id == "long-options" and not retry.resumed
