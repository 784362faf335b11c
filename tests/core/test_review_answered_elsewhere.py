"""A review round left part-way for a quiz: the questions of it answered there meanwhile are not asked again when
the round resumes (they are no longer due, and /progress no longer counts them)."""

from __future__ import annotations

from datetime import timedelta

from bot.engine import QuizEngine
from bot.games.replies import GamePodium
from bot.games.rules import RESULTS_SECONDS
from bot.replies import AnswerOutcome, QuestionView, Started, Summary
from tests.core import games_play
from tests.core.games_play import SCOPE, vote
from tests.core.play import answer, next_question, start, summary_of
from tests.core.review_play import ADA, ALL_WRONG, play_collectives
from tests.fakes.clock import FixedClock
from tests.fakes.game_stage import RecordingStage
from tests.fakes.storage import FakeDatabase

# Counted as answered there, so not "skipped" (the word for a question left unanswered).
PASSED_OVER_TWO = "You answered 2 questions of this review elsewhere in the meantime, so they aren't asked again."
PASSED_OVER_ONE = "You answered a question of this review elsewhere in the meantime, so it isn't asked again."


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


def _reviews_of(fake_db: FakeDatabase, question_id: str) -> int:
    return sum(1 for review in fake_db.state.reviews.values() if review.question_id == question_id)


async def test_a_late_vote_on_the_rounds_question_answered_in_a_quiz_since_is_not_a_second_review(
        engine: QuizEngine, fake_db: FakeDatabase, clock: FixedClock) -> None:
    """The round's poll left open (one that failed to close, Discord's buttons) takes a vote after the learner
    answered its question in the quiz: the round passes over it, as resuming the round would."""
    await play_collectives(engine, ALL_WRONG)
    clock.advance(timedelta(days=1, hours=1))
    started = await engine.review(ADA)
    assert isinstance(started, Started)
    asked = started.question
    assert asked.question_id == "collectives/sum-everywhere"
    clock.advance(timedelta(minutes=1))
    in_the_quiz = await start(engine, ADA)
    assert in_the_quiz.question_id == "sum-everywhere"
    await answer(engine, ADA, in_the_quiz, right=True)
    clock.advance(timedelta(minutes=1))

    late = await engine.answer(ADA, asked.session_id, asked.question_id, asked.correct_index)
    # Before, it was scored: the card reviewed a second time a minute after the quiz's answer.
    assert isinstance(late, AnswerOutcome) and late.feedback is None, late
    assert _reviews_of(fake_db, "sum-everywhere") == 2  # the first play and the quiz again
    shown = next_question(late)
    assert shown.question_id == "collectives/shards-to-full"
    assert shown.notices == (PASSED_OVER_ONE,)


async def test_a_vote_held_for_a_game_that_asked_the_same_question_is_not_a_second_review(
        engine: QuizEngine, fake_db: FakeDatabase, clock: FixedClock) -> None:
    """The round's poll waits while a group game of its quiz runs; the game asks that question and the learner
    answers it there. Their vote on the round's poll after the game is not a second review of it."""
    player = games_play.ADA
    shown: QuestionView | Summary = await start(engine, player)
    while isinstance(shown, QuestionView):
        shown = (await answer(engine, player, shown, right=False)).next
    clock.advance(timedelta(days=3))
    started = await engine.review(player)
    assert isinstance(started, Started)
    asked = started.question
    clock.advance(timedelta(minutes=1))
    stage = RecordingStage()
    assert await engine.games.open(player, "Ada", SCOPE, "collectives", None, stage) is None
    await engine.games.begin(player, stage.shown[SCOPE][0].game_id, False, stage)
    while not stage.of(SCOPE, GamePodium):  # Ada alone: each of her answers closes its question
        await vote(engine, stage, player, right=True)
        clock.advance(timedelta(seconds=RESULTS_SECONDS))
        await engine.games.sweep("telegram", stage)

    late = await engine.answer(player, asked.session_id, asked.question_id, asked.correct_index)
    assert isinstance(late, AnswerOutcome) and late.feedback is None, late
    assert _reviews_of(fake_db, asked.question_id.split("/")[1]) == 2  # the quiz and the game
