"""/game typed as one line (Telegram): the seconds come last if they are a number, every word before them names
the quiz; a last word that isn't a number after a quiz's name is said to be the seconds, not an unknown quiz."""

from __future__ import annotations

from bot.engine import QuizEngine
from bot.games.replies import GameLobby
from bot.replies import Notice, NoticeCode
from tests.core.games_play import ADA, CHAT, SCOPE
from tests.fakes.game_stage import RecordingStage

USAGE = "The seconds per question must be a whole number from 10 to 300, for example: /game collectives 30"


async def test_every_word_before_the_seconds_names_the_quiz(engine: QuizEngine) -> None:
    stage = RecordingStage()
    assert await engine.games.open_typed(ADA, "Ada", SCOPE, "mawasiliano ya pamoja 20", stage) is None
    lobby = stage.of(CHAT, GameLobby)[0]
    assert lobby.title == "Group game: Collectives" and "3 questions, 20 seconds each." in lobby.lines


async def test_mistyped_seconds_after_a_quiz_s_name_are_said_to_be_the_seconds(engine: QuizEngine) -> None:
    stage = RecordingStage()
    for typed in ("collectives -3", "collectives 10.5", "mawasiliano ya pamoja abc"):
        reply = await engine.games.open_typed(ADA, "Ada", SCOPE, typed, stage)
        assert isinstance(reply, Notice) and reply.text == USAGE
    unknown = await engine.games.open_typed(ADA, "Ada", SCOPE, "colectives -3", stage)
    assert isinstance(unknown, Notice) and unknown.code is NoticeCode.QUIZ_NOT_FOUND
    assert "colectives -3" in unknown.text
    assert not stage.shown[CHAT]
