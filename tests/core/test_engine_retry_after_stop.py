"""A typed "retry" right after stopping a quiz: the stopped quiz is the learner's last quiz, so its missed
questions are retried (before, "There is nothing to retry." although it had wrong answers)."""

from __future__ import annotations

from bot.engine import QuizEngine
from bot.replies import Actor, Notice, NoticeCode, QuestionView, Started, Summary
from tests.core.play import answer, next_question, start, summary_of
from tests.fakes.clock import FixedClock

ALICE = Actor("telegram", "alice", chat_id="chat-a")


async def test_retry_after_stop_replays_the_questions_it_asked_and_missed_not_those_never_reached(
        engine: QuizEngine) -> None:
    second = next_question(await answer(engine, ALICE, await start(engine, ALICE), right=False))
    await answer(engine, ALICE, second, right=True)  # the third question is shown, then the quiz is stopped
    await engine.stop(ALICE)
    retry = await engine.retry_missed(ALICE)
    assert isinstance(retry, Started) and retry.intro == "Another go at the question you missed."
    assert (retry.question.question_id, retry.question.label) == ("sum-everywhere", "Question 1 of 1")


async def test_retry_after_stopping_a_quiz_with_nothing_wrong_has_nothing_to_retry(engine: QuizEngine) -> None:
    await answer(engine, ALICE, await start(engine, ALICE), right=True)
    await engine.stop(ALICE)
    reply = await engine.retry_missed(ALICE)
    assert isinstance(reply, Notice) and reply.code is NoticeCode.NOTHING_TO_RETRY


async def test_retry_typed_again_after_a_stop_carries_on_with_its_round(engine: QuizEngine) -> None:
    await answer(engine, ALICE, await start(engine, ALICE), right=False)
    await engine.stop(ALICE)
    first = await engine.retry_missed(ALICE)
    again = await engine.retry_missed(ALICE)
    assert isinstance(first, Started) and isinstance(again, Started) and again.resumed
    assert again.question.session_id == first.question.session_id


async def test_a_retry_that_stopped_the_round_it_replaced_is_resumed_not_replaced_by_a_retry_of_that_round(
        engine: QuizEngine, clock: FixedClock) -> None:
    """The round a retry replaces is stopped; the next "retry" still means the finished quiz being retried."""
    question: QuestionView | Summary = next_question(await answer(engine, ALICE, await start(engine, ALICE),
                                                                  right=True))
    while isinstance(question, QuestionView):  # the rest wrong: two to retry
        question = (await answer(engine, ALICE, question, right=False)).next
    clock.advance()
    fresh = await start(engine, ALICE, "collectives")  # a new attempt, one wrong answer in it
    await answer(engine, ALICE, fresh, right=False)
    clock.advance()
    retry = await engine.retry_missed(ALICE)  # stops the attempt: now the latest quiz to end
    assert isinstance(retry, Started) and retry.question.label == "Question 1 of 2"
    clock.advance()
    again = await engine.retry_missed(ALICE)
    assert isinstance(again, Started) and again.resumed
    assert again.question.session_id == retry.question.session_id


async def test_a_quiz_finished_after_another_was_stopped_is_the_one_retried(engine: QuizEngine,
                                                                          clock: FixedClock) -> None:
    await answer(engine, ALICE, await start(engine, ALICE, "long-options"), right=False)  # its only question
    await answer(engine, ALICE, await start(engine, ALICE), right=False)
    await engine.stop(ALICE)  # collectives, one wrong
    clock.advance()
    last = await start(engine, ALICE, "long-options")
    summary_of(await answer(engine, ALICE, last, right=False))  # finished after the stop
    retry = await engine.retry_missed(ALICE)
    assert isinstance(retry, Started) and retry.question.quiz_id == "long-options"


async def test_a_retry_of_a_stopped_quiz_all_right_is_no_best_score_in_progress(engine: QuizEngine,
                                                                                clock: FixedClock) -> None:
    """A retry round is no attempt at the whole quiz after a stopped round either: "best 2/2 · 1 attempt" read as a
    full score on a three-question quiz the learner never finished."""
    second = next_question(await answer(engine, ALICE, await start(engine, ALICE), right=False))
    await answer(engine, ALICE, second, right=False)
    await engine.stop(ALICE)
    clock.advance()
    retry = await engine.retry_missed(ALICE)
    assert isinstance(retry, Started)
    outcome = await answer(engine, ALICE, retry.question, right=True)
    summary_of(await answer(engine, ALICE, next_question(outcome), right=True))
    progress = await engine.progress(ALICE)
    assert [(line.quiz_id, line.text) for line in progress.lines] == [
        ("collectives", "stopped: 2 of 3 answered, 0 right")]
