"""Alembic environment: runs on the connection the app hands over, or on sqlalchemy.url from the CLI."""

from __future__ import annotations

import asyncio

from alembic import context
from sqlalchemy import Connection

from storage.database import create_unpooled_engine
from storage.migrate import lock_migrations
from storage.tables import Base

config = context.config
target_metadata = Base.metadata


def run_on(connection: Connection) -> None:
    context.configure(connection=connection, target_metadata=target_metadata,
                      render_as_batch=connection.dialect.name == "sqlite")
    with context.begin_transaction():
        context.run_migrations()


def database_url() -> str:
    """``alembic -x url=...`` (what storage/alembic.ini tells developers to use), else sqlalchemy.url."""
    return context.get_x_argument(as_dictionary=True).get("url") or config.get_main_option("sqlalchemy.url") or ""


def run_locked(connection: Connection) -> None:
    lock_migrations(connection)  # as the bot's own start-up takes it: never two migrations at once
    run_on(connection)


async def run_from_url() -> None:
    engine = create_unpooled_engine(database_url())  # one use, then disposed
    async with engine.begin() as connection:
        await connection.run_sync(run_locked)
    await engine.dispose()


def run_offline() -> None:
    context.configure(url=database_url(), target_metadata=target_metadata,
                      literal_binds=True)
    with context.begin_transaction():
        context.run_migrations()


if context.is_offline_mode():
    run_offline()
elif (given := config.attributes.get("connection")) is not None:
    run_on(given)
else:
    asyncio.run(run_from_url())
