"""A review round left part-way for a quiz: the questions of it answered there meanwhile are not asked again when
the round resumes (they are no longer due, and /progress no longer counts them)."""

from __future__ import annotations

from datetime import timedelta

from bot.engine import QuizEngine
from bot.replies import QuestionView, Started, Summary
from tests.core.play import answer, next_question, start, summary_of
from tests.core.review_play import ADA, ALL_WRONG, play_collectives
from tests.fakes.clock import FixedClock
from tests.fakes.storage import FakeDatabase

# Counted as answered there, so not "skipped" (the word for a question left unanswered).
PASSED_OVER_TWO = "You answered 2 questions of this review elsewhere in the meantime, so they aren't asked again."


async def _round_left_after_its_first_answer(engine: QuizEngine, clock: FixedClock) -> QuestionView:
    """Collectives all missed, a day on a round of its three, answered once, then the quiz played again: its
    first question (the round's second) is shown."""
    await play_collectives(engine, ALL_WRONG)
    clock.advance(timedelta(days=1, hours=1))
    started = await engine.review(ADA)
    assert isinstance(started, Started)
    assert started.question.question_id == "collectives/sum-everywhere"
    assert next_question(await answer(engine, ADA, started.question, right=True)).question_id \
        == "collectives/shards-to-full"
    clock.advance(timedelta(minutes=5))
    return await start(engine, ADA)


async def test_questions_answered_in_a_quiz_meanwhile_are_not_asked_again_by_the_round(
        engine: QuizEngine, fake_db: FakeDatabase, clock: FixedClock) -> None:
    question: QuestionView | Summary = await _round_left_after_its_first_answer(engine, clock)
    while isinstance(question, QuestionView):
        clock.advance(timedelta(minutes=1))
        question = (await answer(engine, ADA, question, right=question.question_id != "english-only")).next
    assert "Nothing to review today." in (await engine.progress(ADA)).notes

    back = await engine.review(ADA)
    # Before, the round asked "collectives/shards-to-full" again, minutes after the quiz did, and then the rest.
    assert isinstance(back, Summary), back
    assert back.notices == (PASSED_OVER_TWO,)
    assert back.correct == 2 and back.missed == 1  # as answered in the quiz: english-only was missed there
    reviews = [review for review in fake_db.state.reviews.values() if review.question_id == "shards-to-full"]
    assert len(reviews) == 2  # the first play and the quiz again: not the round as well


async def test_the_round_carries_on_at_the_first_question_not_answered_meanwhile(
        engine: QuizEngine, clock: FixedClock) -> None:
    question = await _round_left_after_its_first_answer(engine, clock)
    clock.advance(timedelta(minutes=1))
    question = next_question(await answer(engine, ADA, question, right=True))  # sum-everywhere
    clock.advance(timedelta(minutes=1))
    assert question.question_id == "shards-to-full"
    await answer(engine, ADA, question, right=False)  # the quiz is left at english-only

    back = await engine.review(ADA)
    assert isinstance(back, Started) and back.resumed
    assert back.question.question_id == "collectives/english-only"
    assert back.question.notices == (
        "You answered a question of this review elsewhere in the meantime, so it isn't asked again.",)
    summary = summary_of(await answer(engine, ADA, back.question, right=True))
    assert (summary.correct, summary.missed) == (2, 1)  # shards-to-full, missed in the quiz, is offered again
