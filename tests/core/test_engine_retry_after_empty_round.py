"""A retry round stopped before anything in it was answered hides nothing: "retry" still offers the misses of
the session it retried (before: "There is nothing to retry.", the empty round taken for the last quiz)."""

from __future__ import annotations

from bot.engine import QuizEngine
from bot.replies import Actor, Started, Stopped
from tests.core.play import answer, start
from tests.fakes.clock import FixedClock

ALICE = Actor("telegram", "alice", chat_id="chat-a")


async def stopped_with_one_miss(engine: QuizEngine, clock: FixedClock) -> Stopped:
    await answer(engine, ALICE, await start(engine, ALICE), right=False)
    stopped = await engine.stop(ALICE)
    assert isinstance(stopped, Stopped) and stopped.session_id is not None
    clock.advance()
    return stopped


async def test_retry_after_an_empty_retry_round_offers_the_older_misses_again(engine: QuizEngine,
                                                                             clock: FixedClock) -> None:
    stopped = await stopped_with_one_miss(engine, clock)
    tapped = await engine.retry_missed(ALICE, stopped.session_id)  # "Retry the questions I missed"
    assert isinstance(tapped, Started)
    clock.advance()
    empty = await engine.stop(ALICE)  # nothing answered in it
    # Offered again, as /retry would: the session it retried, not the round (whose button would find nothing).
    assert isinstance(empty, Stopped) and empty.retry_offer == "Want another go at the question you missed?"
    assert empty.session_id == stopped.session_id
    clock.advance()
    retry = await engine.retry_missed(ALICE)
    assert isinstance(retry, Started) and retry.intro == "Another go at the question you missed."
    assert (retry.question.question_id, retry.question.label) == (tapped.question.question_id, "Question 1 of 1")
    assert retry.question.session_id != tapped.question.session_id and not retry.resumed
    clock.advance()
    again = await engine.retry_missed(ALICE)  # typed again: carries on with that round
    assert isinstance(again, Started) and again.resumed and again.question.session_id == retry.question.session_id


async def test_empty_retry_rounds_one_after_another_are_all_passed_over(engine: QuizEngine,
                                                                       clock: FixedClock) -> None:
    await stopped_with_one_miss(engine, clock)
    for _ in range(2):
        assert isinstance(await engine.retry_missed(ALICE), Started)
        clock.advance()
        await engine.stop(ALICE)
        clock.advance()
    retry = await engine.retry_missed(ALICE)
    assert isinstance(retry, Started) and retry.question.label == "Question 1 of 1" and not retry.resumed


async def test_an_open_retry_round_is_found_past_an_empty_one_after_another_quiz(engine: QuizEngine,
                                                                                clock: FixedClock) -> None:
    """The round left open is a retry of the stopped quiz, not of the empty round stopped in between."""
    await stopped_with_one_miss(engine, clock)
    await engine.retry_missed(ALICE)
    clock.advance()
    await engine.stop(ALICE)  # the empty round
    clock.advance()
    first = await engine.retry_missed(ALICE)
    assert isinstance(first, Started)
    clock.advance()
    await answer(engine, ALICE, await start(engine, ALICE, "long-options"), right=True)  # finished, none missed
    clock.advance()
    again = await engine.retry_missed(ALICE)
    assert isinstance(again, Started) and again.resumed and again.question.session_id == first.question.session_id
