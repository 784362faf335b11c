"""/game QUIZ SECONDS: a question time out of range is changed to the nearest allowed, and the lobby says so."""

from __future__ import annotations

import pytest

from bot.engine import QuizEngine
from bot.games.replies import GameLobby, GameQuestion
from bot.replies import Actor
from tests.core.games_play import ADA, BAYO, CHAT, SCOPE
from tests.fakes.game_stage import RecordingStage

CHANGED = "Seconds per question must be between {low} and {high}; using {seconds}."


async def opened(engine: QuizEngine, seconds: int | None, starter: Actor = ADA) -> tuple[GameLobby, RecordingStage]:
    stage = RecordingStage()
    assert await engine.games.open(starter, "Ada", SCOPE, "collectives", seconds, stage) is None
    return stage.of(CHAT, GameLobby)[0], stage


@pytest.mark.parametrize(("asked", "used"), [(5, 10), (0, 10), (1000, 300)])
async def test_seconds_out_of_range_are_changed_and_the_lobby_says_so(engine: QuizEngine, asked: int,
                                                                      used: int) -> None:
    lobby, stage = await opened(engine, asked)
    assert lobby.lines[0] == f"Seconds per question must be between 10 and 300; using {used}."
    assert lobby.lines[1] == f"3 questions, {used} seconds each."
    assert await engine.games.begin(ADA, lobby.game_id, False, stage) is None
    assert stage.of(CHAT, GameQuestion)[0].seconds == used  # the game runs with the time it says


@pytest.mark.parametrize("asked", [None, 10, 20, 300])
async def test_seconds_in_range_or_left_out_are_used_without_a_word(engine: QuizEngine, asked: int | None) -> None:
    lobby, _stage = await opened(engine, asked)
    assert lobby.lines[0] == f"3 questions, {asked or 30} seconds each."
    assert not any("must be between" in line for line in lobby.lines)


async def test_the_change_is_said_in_the_lobbys_language(engine: QuizEngine) -> None:
    lobby, _stage = await opened(engine, 1000, BAYO)  # a new chat's games speak their starter's language
    yoruba = engine.localizer_for("yo")(CHANGED, low=10, high=300, seconds=300)
    assert lobby.language == "yo" and lobby.lines[0] == yoruba
