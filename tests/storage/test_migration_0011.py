"""Migrations 0010 and 0011 add nullable columns to the games and their players: a game asked before them, and its
players, come through on a SQLite file and PostgreSQL, judged as before (no asked answer kept, nobody left)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from sqlalchemy import insert

from bot.games.records import GameAnswerRecord, GameState, PlayerRecord
from storage import tables
from storage.database import create_engine
from storage.game_repositories import SqlGameRepository, _game_values
from tests.fakes.clock import START
from tests.storage.builders import a_game
from tests.support.migrations import migrate


def _without(values: dict[str, Any], *names: str) -> dict[str, Any]:
    return {name: value for name, value in values.items() if name not in names}


async def test_a_game_asked_before_0010_and_0011_is_read_and_waits_for_its_players_as_before(
        database_url: str) -> None:
    engine = create_engine(database_url)
    try:
        await migrate(engine, "upgrade", "0009")
        game = replace(a_game(1, state=GameState.ASKING), position=0, asked_at=START)
        async with engine.begin() as connection:
            for user_id in (1, 2):
                await connection.execute(insert(tables.table_of(tables.User)).values(
                    id=user_id, platform="telegram", platform_user_id=f"u{user_id}", created_at=START))
            await connection.execute(insert(tables.table_of(tables.Game)).values(
                id=game.id, **_without(_game_values(game), "asked_question", "asked_answer", "option_digests")))
            for user_id in (1, 2):
                await connection.execute(insert(tables.table_of(tables.GamePlayer)).values(
                    game_id=game.id, user_id=user_id, name=f"P{user_id}", joined_at=START, joined_position=0,
                    score=0, correct=0, answered=0, answer_ms=0))
        await migrate(engine, "upgrade", "head")
        async with engine.begin() as connection:
            games = SqlGameRepository(connection)
            assert await games.get(game.id) == game  # asked_answer None: judged by the content served
            assert [player.left_position for player in await games.players(game.id)] == [None, None]
            await games.add_answer(GameAnswerRecord(game.id, 0, 1, "b", True, 120, 1000, START))
            assert not await games.all_answered(game.id, 0)  # the other player, still there, is waited for
            player = await games.player(game.id, 2)
            assert isinstance(player, PlayerRecord)
            await games.update_player(replace(player, left_position=0))
            assert await games.all_answered(game.id, 0)
    finally:
        await engine.dispose()
