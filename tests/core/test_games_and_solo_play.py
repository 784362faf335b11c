"""A player of a live group game can't play its quiz alone meanwhile: the explanations would give them the
game's answers before they vote. Other quizzes stay open to them, and this one once the game is over."""

from __future__ import annotations

from bot.engine import QuizEngine
from bot.replies import Notice, NoticeCode, QuestionView, Started, Summary
from tests.core.games_play import ADA, open_with_three
from tests.core.play import answer, start
from tests.fakes.game_stage import RecordingStage

IN_A_GAME = "You're playing Collectives in a group game right now. Play it on your own once the game is over."


async def test_a_player_can_start_or_resume_the_games_quiz_alone_only_once_the_game_is_over(
        engine: QuizEngine) -> None:
    resumed_later = await start(engine, ADA)  # Ada's own round of it, begun before the game
    stage = RecordingStage()
    await open_with_three(engine, stage)  # a lobby of Collectives, Ada its starter

    for reference in ("collectives", None):  # by name, or "carry on" with that round
        refused = await engine.start(ADA, reference)
        assert refused == Notice(IN_A_GAME, NoticeCode.IN_A_GAME), reference
    other = await engine.start(ADA, "long-options")  # another quiz is no help in this game
    assert isinstance(other, Started)

    await engine.games.stop(ADA, "Ada", False, stage)
    back = await engine.start(ADA, "collectives")
    assert isinstance(back, Started) and back.question.session_id == resumed_later.session_id


async def test_nor_retry_its_missed_questions_during_the_game(engine: QuizEngine) -> None:
    shown: QuestionView | Summary | None = await start(engine, ADA)
    while isinstance(shown, QuestionView):  # all wrong: every question to retry
        shown = (await answer(engine, ADA, shown, right=False)).next
    assert isinstance(shown, Summary)
    await open_with_three(engine, RecordingStage())
    refused = await engine.retry_missed(ADA, shown.session_id)
    assert refused == Notice(IN_A_GAME, NoticeCode.IN_A_GAME)
