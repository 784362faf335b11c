"""Migration 0019 keeps what each option of a game's questions said as it was asked (games.option_digests): a game
from before it reads as none kept (judged by its asked_question's digest, as before), one kept comes back as it
went, and a downgrade takes the column away without losing a game's players, on a SQLite file (foreign keys on,
as the application opens it) and on PostgreSQL."""

from __future__ import annotations

from dataclasses import replace

from sqlalchemy import func, insert, inspect, select
from sqlalchemy.ext.asyncio import AsyncEngine

from bot.games.records import GameState
from storage import tables
from storage.database import create_engine
from storage.game_repositories import SqlGameRepository, _game_values
from tests.fakes.clock import START
from tests.storage.builders import a_game
from tests.support.migrations import migrate

DIGESTS = {"q1": {"a": "0123abcd", "b": "4567ef01"}}


async def _game_columns(engine: AsyncEngine) -> set[str]:
    async with engine.connect() as connection:
        return await connection.run_sync(lambda sync: {column["name"] for column in inspect(sync).get_columns("games")})


async def test_0019_reads_a_game_from_before_it_as_none_kept_and_its_downgrade_keeps_every_player(
        database_url: str) -> None:
    engine = create_engine(database_url)
    players = tables.table_of(tables.GamePlayer)
    try:
        await migrate(engine, "upgrade", "0018")
        game = replace(a_game(1, state=GameState.ASKING), position=0, asked_at=START)
        values = {name: value for name, value in _game_values(game).items() if name != "option_digests"}
        async with engine.begin() as connection:
            await connection.execute(insert(tables.table_of(tables.User)).values(
                id=1, platform="telegram", platform_user_id="u1", created_at=START))
            await connection.execute(insert(tables.table_of(tables.Game)).values(id=game.id, **values))
            await connection.execute(insert(players).values(
                game_id=game.id, user_id=1, name="P1", joined_at=START, joined_position=0, score=0, correct=0,
                answered=0, answer_ms=0))
        await migrate(engine, "upgrade", "head")
        async with engine.begin() as connection:
            games = SqlGameRepository(connection)
            assert await games.get(game.id) == game  # none kept: option_digests {}
            await games.update(replace(game, option_digests=DIGESTS))
        async with engine.begin() as connection:
            kept = await SqlGameRepository(connection).get(game.id)
            assert kept is not None and kept.option_digests == DIGESTS

        await migrate(engine, "downgrade", "0018")
        assert "option_digests" not in await _game_columns(engine)
        async with engine.connect() as connection:  # a copy of games would have taken its players with it
            assert (await connection.execute(select(func.count()).select_from(players))).scalar_one() == 1

        await migrate(engine, "upgrade", "head")
        assert "option_digests" in await _game_columns(engine)
    finally:
        await engine.dispose()
