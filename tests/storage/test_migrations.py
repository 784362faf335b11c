"""Alembic migrations build the whole schema from an empty database, on SQLite and PostgreSQL."""

from __future__ import annotations

import asyncio
import sqlite3
import subprocess
import sys
from contextlib import closing
from pathlib import Path

import pytest
from alembic import command
from sqlalchemy import inspect, text
from sqlalchemy.ext.asyncio import AsyncEngine

from storage.database import create_engine, sqlite_url
from storage.migrate import MIGRATIONS_DIR, ForeignDatabase, alembic_config, upgrade_to_head
from storage.tables import Base

APP_TABLES = {"users", "quiz_sessions", "answers", "message_links", "cards", "review_logs", "chats", "games",
              "game_players", "game_answers", "game_messages", "content_state"}


async def _tables(engine: AsyncEngine) -> set[str]:
    async with engine.connect() as connection:
        return set(await connection.run_sync(lambda sync: inspect(sync).get_table_names()))


async def _revisions(engine: AsyncEngine) -> list[str]:
    async with engine.connect() as connection:
        return list((await connection.execute(text("SELECT version_num FROM alembic_version"))).scalars())


async def test_upgrading_an_empty_database_creates_every_table(database_url: str) -> None:
    engine = create_engine(database_url)
    try:
        assert await _tables(engine) == set()
        await upgrade_to_head(engine)
        assert await _tables(engine) == APP_TABLES | {"alembic_version"}
        assert set(Base.metadata.tables) == APP_TABLES  # the migrations and the models agree
        async with engine.connect() as connection:
            indexes = await connection.run_sync(lambda sync: inspect(sync).get_indexes("quiz_sessions"))
        one_active = next(index for index in indexes if index["name"] == "uq_quiz_sessions_one_active")
        assert one_active["unique"]
        assert one_active["column_names"] == ["user_id", "quiz_id"]
        deadline = next(index for index in indexes if index["name"] == "ix_quiz_sessions_question_deadline")
        assert deadline["column_names"] == ["question_deadline"] and not deadline["unique"]
        async with engine.connect() as connection:
            indexes = await connection.run_sync(lambda sync: inspect(sync).get_indexes("games"))
        one_live = next(index for index in indexes if index["name"] == "uq_games_one_live")
        assert one_live["unique"] and one_live["column_names"] == ["platform", "chat_id"]
    finally:
        await engine.dispose()


async def test_upgrading_twice_changes_nothing(database_url: str) -> None:
    engine = create_engine(database_url)
    try:
        await upgrade_to_head(engine)
        tables, revisions = await _tables(engine), await _revisions(engine)
        await upgrade_to_head(engine)
        assert await _tables(engine) == tables
        assert await _revisions(engine) == revisions
        assert len(revisions) == 1
    finally:
        await engine.dispose()


async def test_the_alembic_command_downgrades_to_base_and_upgrades_again(database_url: str) -> None:
    engine = create_engine(database_url)
    try:
        await upgrade_to_head(engine)
        await engine.dispose()  # the command opens its own connections (and its own event loop)
        config = alembic_config(database_url)
        await asyncio.to_thread(command.downgrade, config, "base")
        assert await _tables(engine) - {"alembic_version"} == set()
        assert await _revisions(engine) == []
        await asyncio.to_thread(command.upgrade, config, "head")
        assert await _tables(engine) == APP_TABLES | {"alembic_version"}
    finally:
        await engine.dispose()


def test_the_developers_alembic_command_migrates_the_database_named_with_x_url(tmp_path: Path) -> None:
    url = sqlite_url(tmp_path)  # the command in storage/alembic.ini's comment, run from elsewhere
    done = subprocess.run([sys.executable, "-m", "alembic", "-c", str(MIGRATIONS_DIR.parent / "alembic.ini"),
                           "-x", f"url={url}", "upgrade", "head"], cwd=tmp_path, capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 0, done.stderr[-2000:]
    with closing(sqlite3.connect(tmp_path / "quiztutor.sqlite3")) as database:
        tables = {name for (name,) in database.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    assert tables == APP_TABLES | {"alembic_version"}


async def test_a_database_holding_another_applications_tables_is_left_untouched(database_url: str) -> None:
    engine = create_engine(database_url)
    try:
        async with engine.begin() as connection:
            await connection.execute(text("CREATE TABLE invoices (id INTEGER PRIMARY KEY)"))
        with pytest.raises(ForeignDatabase) as refused:
            await upgrade_to_head(engine)
        assert refused.value.tables == ["invoices"]
        assert await _tables(engine) == {"invoices"}  # none of ours beside theirs
    finally:
        await engine.dispose()
