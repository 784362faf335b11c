"""Stepping a test's database through the schema's revisions, one Alembic command at a time."""

from __future__ import annotations

from alembic import command
from sqlalchemy import Connection
from sqlalchemy.ext.asyncio import AsyncEngine

from storage.migrate import alembic_config


async def migrate(engine: AsyncEngine, action: str, revision: str) -> None:
    """Alembic's ``action`` ("upgrade" or "downgrade") to ``revision``, on the application's own engine (so SQLite
    has foreign keys on)."""
    def run(connection: Connection) -> None:
        config = alembic_config()
        config.attributes["connection"] = connection
        getattr(command, action)(config, revision)

    async with engine.begin() as connection:
        await connection.run_sync(run)
