"""Every way back into a timed round (/quiz, /review, a retry again) sets its clock by the same rules: left for
another quiz, its question is asked again with the full time; let run out before a sweep came by, it is timed out
("Time's up!") and the round moves on. Before, only /quiz timed out an overdue question (/review and a retry
showed it with 0 seconds left), and a round resumed before its old deadline got only what was left of it: the
clock had run on while it was left, so coming back sooner gave less time than coming back later."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

from bot.engine import QuizEngine
from bot.replies import Actor, QuestionView, Started, Summary
from tests.core.play import answer, start
from tests.core.wiring import ADMIN_ID
from tests.core.wiring import QUESTION_LIMIT as LIMIT
from tests.fakes.clock import FixedClock

ALICE = Actor("telegram", "alice", chat_id="chat-a")
TIME_UP = ("Time's up! Question 1 wasn't answered in time: it scores no point, and "
           "it comes back for review as a wrong answer does.")


async def _all_wrong(engine: QuizEngine) -> None:
    """The collectives quiz played to its end, every answer wrong: each question is missed, and due for review."""
    question: QuestionView | Summary = await start(engine, ALICE)
    while isinstance(question, QuestionView):
        question = (await answer(engine, ALICE, question, right=False)).next


async def _left_and_back_early(engine: QuizEngine, clock: FixedClock) -> None:
    """Ten seconds on the open question, then fifteen in another quiz: back before the old deadline."""
    clock.advance(timedelta(seconds=10))
    await start(engine, ALICE, "long-options")
    clock.advance(timedelta(seconds=15))


async def test_a_quiz_resumed_before_its_old_deadline_is_asked_again_with_the_full_time(
        timed: QuizEngine, clock: FixedClock) -> None:
    left = await start(timed, ALICE)
    await _left_and_back_early(timed, clock)
    back = await timed.start(ALICE, "collectives")
    assert isinstance(back, Started) and back.resumed and back.question.question_id == left.question_id
    assert (back.question.deadline, back.question.seconds_left) == (clock.now + LIMIT, 30)  # not 5 s


async def test_a_review_left_for_a_quiz_is_asked_again_with_the_full_time(timed: QuizEngine,
                                                                          clock: FixedClock) -> None:
    await _all_wrong(timed)
    clock.advance(timedelta(days=3))
    await timed.review(ALICE)
    await _left_and_back_early(timed, clock)
    back = await timed.review(ALICE)
    assert isinstance(back, Started) and back.resumed
    assert (back.question.number, back.question.seconds_left) == (1, 30)


async def test_a_review_resumed_after_its_time_ran_out_times_its_question_out(timed: QuizEngine,
                                                                              clock: FixedClock) -> None:
    await _all_wrong(timed)
    clock.advance(timedelta(days=3))
    await timed.review(ALICE)
    clock.advance(timedelta(seconds=45))  # no sweep came by
    back = await timed.review(ALICE)
    assert isinstance(back, Started) and back.resumed
    assert back.question.number == 2 and back.question.notices == (TIME_UP,)  # not question 1 with 0 s left
    assert back.question.seconds_left == 30


async def test_a_retry_round_is_resumed_by_the_same_rules(timed: QuizEngine, clock: FixedClock) -> None:
    await _all_wrong(timed)
    assert isinstance(await timed.retry_missed(ALICE), Started)
    await _left_and_back_early(timed, clock)
    back = await timed.retry_missed(ALICE)
    assert isinstance(back, Started) and back.resumed
    assert (back.question.number, back.question.seconds_left) == (1, 30)
    clock.advance(timedelta(seconds=45))  # typed again once its time ran out, before a sweep came by
    again = await timed.retry_missed(ALICE)
    assert isinstance(again, Started) and again.question.number == 2 and again.question.notices == (TIME_UP,)


async def test_a_retry_round_resumed_at_its_last_question_after_its_time_ran_out_ends_with_its_summary(
        timed: QuizEngine, clock: FixedClock) -> None:
    question = await start(timed, ALICE)
    while True:  # only the last question missed
        outcome = await answer(timed, ALICE, question, right=question.number < question.total)
        if not isinstance(outcome.next, QuestionView):
            break
        question = outcome.next
    assert isinstance(await timed.retry_missed(ALICE), Started)  # a round of one question
    clock.advance(timedelta(seconds=45))
    over = await timed.retry_missed(ALICE)
    assert isinstance(over, Summary) and over.score == "You scored 0 out of 1 question."
    assert over.notices == (TIME_UP,)


async def test_a_sweep_closing_a_quiz_a_reload_removed_does_not_pause_the_quiz_played(
        timed: QuizEngine, clock: FixedClock, content_dir: Path) -> None:
    """Closing the left quiz's session is the sweep's doing, not the learner's: the quiz they play on keeps its
    clock. Before, that closing counted as the learner moving on, so /quiz there gave the question its full time
    again (2 s left became 30), and a sweep at its deadline paused it instead of timing it out."""
    await start(timed, ALICE, "long-options")
    clock.advance(timedelta(seconds=5))
    playing = await start(timed, ALICE)  # long-options left with 25 s to spare
    (content_dir / "quizzes" / "long-options.yaml").unlink()
    assert (await timed.reload(Actor("telegram", ADMIN_ID))).ok
    clock.advance(timedelta(seconds=26))
    assert await timed.expire_overdue("telegram") == []  # long-options' old deadline: its session closed
    clock.advance(timedelta(seconds=2))
    back = await timed.start(ALICE, "collectives")  # typed again, its question in front of the learner
    assert isinstance(back, Started) and back.question.question_id == playing.question_id
    assert (back.question.deadline, back.question.seconds_left) == (playing.deadline, 2)  # not 30
    clock.advance(timedelta(seconds=2))
    [timed_out] = await timed.expire_overdue("telegram")
    assert timed_out.outcome.notice == TIME_UP
