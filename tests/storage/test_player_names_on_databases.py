"""A player's name as a chat platform sends it, in a group game on a real database: PostgreSQL refuses a NUL
character in text (SQLite keeps it), so a name carrying one must not fail the player's whole action."""

from __future__ import annotations

from pathlib import Path

from adapters.runtime import open_services
from adapters.settings import Settings
from bot.games.replies import GameBegins, GameLobby
from bot.replies import Actor, Notice
from tests.fakes.clock import FixedClock
from tests.fakes.game_stage import RecordingStage

CHAT = "-100"
ADA = Actor("telegram", "1", CHAT, "en")
BAYO = Actor("telegram", "2", CHAT, "en")


async def test_names_with_control_characters_open_and_join_a_game(tmp_path: Path, fixture_content: Path,
                                                                  database_url: str) -> None:
    settings = Settings(data_dir=tmp_path, content_dir=fixture_content, database_url=database_url)
    stage = RecordingStage()
    async with open_services(settings, clock=FixedClock()) as services:
        games = services.engine.games
        assert await games.open(ADA, "Ada\x00 Lovelace", CHAT, "collectives", None, stage) is None
        game_id = stage.of(CHAT, GameLobby)[0].game_id
        joined = await games.join(BAYO, "\x00Bayo\x07\x1b", game_id, stage)
        assert isinstance(joined, Notice) and "You're in!" in joined.text
        assert await games.begin(ADA, game_id, False, stage) is None
    assert stage.of(CHAT, GameBegins)[0].text == "Game on! 2 players: Ada Lovelace, Bayo"
