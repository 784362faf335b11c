"""/retry of a review round while the learner plays one of its quizzes in a live group game: as /review, the
retry leaves that quiz's questions for after the game. Before, it asked them, the game's own questions (on
Telegram a quiz poll shows its answer as the vote lands), then refused the vote: "your review waits"."""

from __future__ import annotations

from datetime import timedelta

from bot.engine import QuizEngine
from bot.replies import Notice, NoticeCode, QuestionView, Started, Summary
from tests.core.games_play import ADA, open_with_three
from tests.core.play import answer, start
from tests.fakes.clock import FixedClock
from tests.fakes.game_stage import RecordingStage

HELD = ("You're playing Collectives in a group game right now, so its questions due for review wait until the game "
        "is over.")
WAITS = ("You're playing Collectives in a group game right now and this review question is from it, so your review "
         "waits until the game is over.")


async def _all_wrong(engine: QuizEngine, first: QuestionView | Summary) -> Summary:
    """Every question from ``first`` on answered wrong; the summary."""
    while isinstance(first, QuestionView):
        first = (await answer(engine, ADA, first, right=False)).next
    return first


async def _round_all_missed(engine: QuizEngine, clock: FixedClock, *quiz_ids: str) -> None:
    """The quizzes played with every answer wrong, then three days on a review round of them missed in full."""
    for quiz_id in quiz_ids:
        await _all_wrong(engine, await start(engine, ADA, quiz_id))
    clock.advance(timedelta(days=3))
    started = await engine.review(ADA)
    assert isinstance(started, Started)
    assert (await _all_wrong(engine, started.question)).missed


async def test_a_retry_of_a_review_round_leaves_the_games_quiz_for_after_it(
        engine: QuizEngine, clock: FixedClock) -> None:
    await _round_all_missed(engine, clock, "collectives", "long-options")
    stage = RecordingStage()
    await open_with_three(engine, stage)  # Ada plays Collectives

    retried = await engine.retry_missed(ADA)
    assert isinstance(retried, Started), retried
    asked = [retried.question.question_id.split("/")[0]]
    question: QuestionView | Summary = retried.question
    while isinstance(question, QuestionView):
        question = (await answer(engine, ADA, question, right=True)).next
        if isinstance(question, QuestionView):
            asked.append(question.question_id.split("/")[0])
    assert asked == ["long-options"]  # before, Collectives' three first, each vote refused


async def test_with_only_the_games_quiz_missed_the_retry_says_it_waits(engine: QuizEngine, clock: FixedClock) -> None:
    await _round_all_missed(engine, clock, "collectives")
    await open_with_three(engine, RecordingStage())
    assert await engine.retry_missed(ADA) == Notice(HELD, NoticeCode.IN_A_GAME)  # before, its first question


async def test_a_retry_begun_before_the_game_waits_at_its_question(engine: QuizEngine, clock: FixedClock) -> None:
    await _round_all_missed(engine, clock, "collectives")
    assert isinstance(await engine.retry_missed(ADA), Started)
    await open_with_three(engine, RecordingStage())
    assert await engine.retry_missed(ADA) == Notice(WAITS, NoticeCode.IN_A_GAME)  # before, asked again
