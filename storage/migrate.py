"""Bring a database's schema up to date with Alembic, on start-up and in tests."""

from __future__ import annotations

from pathlib import Path

from alembic import command
from alembic.config import Config
from sqlalchemy import Connection, text
from sqlalchemy.ext.asyncio import AsyncEngine

MIGRATIONS_DIR = Path(__file__).resolve().parent / "migrations"
# Any fixed number: the PostgreSQL advisory lock that lets one process at a time migrate a database.
MIGRATION_LOCK_KEY = 0x5155_495A  # "QUIZ"


def alembic_config(url: str | None = None) -> Config:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS_DIR))
    if url is not None:
        config.set_main_option("sqlalchemy.url", url.replace("%", "%%"))
    return config


async def upgrade_to_head(engine: AsyncEngine) -> None:
    """Apply every migration not yet applied, in one transaction where the database allows."""
    async with engine.begin() as connection:
        await connection.run_sync(_upgrade)


def _upgrade(connection: Connection) -> None:
    if connection.dialect.name == "postgresql":
        # Processes starting together on an empty database would each create the tables; the second to get
        # the lock finds the schema at head and does nothing. Released when this transaction ends.
        connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": MIGRATION_LOCK_KEY})
    config = alembic_config()
    config.attributes["connection"] = connection
    command.upgrade(config, "head")
