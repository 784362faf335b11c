"""Migration 0004 adds group games to a database in use, and takes them away again without losing a learner.

Runs on a SQLite file (with foreign keys on, as the application opens it) and on PostgreSQL.
"""

from __future__ import annotations

from sqlalchemy import insert, inspect, text
from sqlalchemy.ext.asyncio import AsyncEngine

from storage import tables
from storage.database import create_engine
from tests.fakes.clock import START
from tests.support.migrations import migrate

GAME_TABLES = {"chats", "games", "game_players", "game_answers", "game_messages"}


async def _schema(engine: AsyncEngine) -> tuple[set[str], set[str]]:
    """The tables, and the columns of users."""
    async with engine.connect() as connection:
        return await connection.run_sync(lambda sync: (
            set(inspect(sync).get_table_names()), {column["name"] for column in inspect(sync).get_columns("users")}))


async def _counts(engine: AsyncEngine) -> list[int]:
    async with engine.connect() as connection:
        return [len((await connection.execute(text(f"SELECT * FROM {table}"))).all())
                for table in ("users", "quiz_sessions", "cards")]


async def test_0004_shows_every_learner_on_leaderboards_and_its_downgrade_keeps_them(database_url: str) -> None:
    engine = create_engine(database_url)
    try:
        await migrate(engine, "upgrade", "0003")
        async with engine.begin() as connection:  # a learner with a session and a card, as 0003 stores them
            await connection.execute(insert(tables.table_of(tables.User)).values(
                id=1, platform="telegram", platform_user_id="alice", created_at=START))
            await connection.execute(insert(tables.table_of(tables.Session)).values(
                id="s1", user_id=1, quiz_id="collectives", chat_id="chat-1", state="active",
                question_ids=["q1"], option_orders={}, position=0, started_at=START, updated_at=START))
            await connection.execute(insert(tables.table_of(tables.Card)).values(
                user_id=1, quiz_id="collectives", question_id="q1", content_hash="h", state=2, due=START))

        await migrate(engine, "upgrade", "0004")
        table_names, columns = await _schema(engine)
        assert table_names >= GAME_TABLES and "leaderboard_hidden" in columns
        async with engine.connect() as connection:
            hidden = (await connection.execute(text("SELECT leaderboard_hidden FROM users"))).scalar_one()
        assert hidden in (False, 0)  # the default: nobody hid before they could
        assert await _counts(engine) == [1, 1, 1]

        await migrate(engine, "downgrade", "0003")
        table_names, columns = await _schema(engine)
        assert not GAME_TABLES & table_names and "leaderboard_hidden" not in columns
        assert await _counts(engine) == [1, 1, 1]  # no table copy, so no cascade through the foreign keys
    finally:
        await engine.dispose()
