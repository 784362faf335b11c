"""A retry round stopped part-way still offers the missed questions it never reached, with those missed again
in it (before: only those it asked, so a stop after one answer lost the rest from every retry offer)."""

from __future__ import annotations

from bot.engine import QuizEngine
from bot.replies import Actor, QuestionView, Started, Stopped, Summary
from tests.core.play import answer, start
from tests.fakes.clock import FixedClock

ALICE = Actor("telegram", "alice", chat_id="chat-a")


async def a_retry_of_three(engine: QuizEngine, clock: FixedClock) -> QuestionView:
    question: QuestionView | Summary = await start(engine, ALICE)
    while isinstance(question, QuestionView):  # all three wrong
        question = (await answer(engine, ALICE, question, right=False)).next
    clock.advance()
    retry = await engine.retry_missed(ALICE, question.session_id)
    assert isinstance(retry, Started) and retry.question.label == "Question 1 of 3"
    clock.advance()
    return retry.question


async def test_a_retry_round_stopped_after_one_right_answer_offers_the_two_it_never_reached(
        engine: QuizEngine, clock: FixedClock) -> None:
    first = await a_retry_of_three(engine, clock)
    await answer(engine, ALICE, first, right=True)
    clock.advance()
    stopped = await engine.stop(ALICE)
    assert isinstance(stopped, Stopped) and stopped.retry_offer == "Want another go at the 2 questions you missed?"
    clock.advance()
    retry = await engine.retry_missed(ALICE, stopped.session_id)  # its button
    assert isinstance(retry, Started) and retry.intro == "Another go at the 2 questions you missed."
    assert retry.question.label == "Question 1 of 2" and retry.question.question_id != first.question_id


async def test_a_retry_round_stopped_after_a_wrong_answer_offers_that_one_and_the_rest(
        engine: QuizEngine, clock: FixedClock) -> None:
    first = await a_retry_of_three(engine, clock)
    await answer(engine, ALICE, first, right=False)
    clock.advance()
    stopped = await engine.stop(ALICE)
    assert isinstance(stopped, Stopped) and stopped.retry_offer == "Want another go at the 3 questions you missed?"
    clock.advance()
    retry = await engine.retry_missed(ALICE)  # typed: the stopped round is the last quiz
    assert isinstance(retry, Started) and not retry.resumed
    assert (retry.question.question_id, retry.question.label) == (first.question_id, "Question 1 of 3")
    clock.advance()
    again = await engine.retry_missed(ALICE)  # typed again: carries on with that round
    assert isinstance(again, Started) and again.resumed and again.question.session_id == retry.question.session_id


async def test_a_fresh_attempt_stopped_part_way_still_offers_only_what_it_asked(engine: QuizEngine,
                                                                                 clock: FixedClock) -> None:
    """Not a retry round: the questions it never reached were never missed (one was answered right before)."""
    question: QuestionView | Summary = await start(engine, ALICE)
    right = True
    while isinstance(question, QuestionView):  # the first right, two to retry
        question, right = (await answer(engine, ALICE, question, right=right)).next, False
    clock.advance()
    retry = await engine.retry_missed(ALICE, question.session_id)
    assert isinstance(retry, Started)
    await answer(engine, ALICE, retry.question, right=False)
    clock.advance()
    stopped = await engine.stop(ALICE)
    assert isinstance(stopped, Stopped) and stopped.retry_offer == "Want another go at the 2 questions you missed?"
    clock.advance()
    await answer(engine, ALICE, await start(engine, ALICE), right=False)  # a new attempt: 1 of 3 asked
    clock.advance()
    stopped = await engine.stop(ALICE)
    assert isinstance(stopped, Stopped) and stopped.retry_offer == "Want another go at the question you missed?"


async def test_a_retry_of_a_round_stopped_part_way_stopped_part_way_in_turn_keeps_what_remains(
        engine: QuizEngine, clock: FixedClock) -> None:
    await answer(engine, ALICE, await a_retry_of_three(engine, clock), right=True)
    clock.advance()
    first = await engine.stop(ALICE)
    assert isinstance(first, Stopped)
    clock.advance()
    retry = await engine.retry_missed(ALICE, first.session_id)  # the two left
    assert isinstance(retry, Started) and retry.question.label == "Question 1 of 2"
    clock.advance()
    await answer(engine, ALICE, retry.question, right=False)
    clock.advance()
    second = await engine.stop(ALICE)  # one missed again, one never reached
    assert isinstance(second, Stopped) and second.retry_offer == "Want another go at the 2 questions you missed?"
    assert second.session_id == retry.question.session_id
