"""A table of a test's SQLite database renamed away while a block runs: every statement on it fails, as a
database failing mid-action would, and it is back once the block ends."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator

from sqlalchemy import text

from adapters.settings import Settings
from storage.database import create_engine, sqlite_url


@contextlib.asynccontextmanager
async def table_away(settings: Settings, table: str) -> AsyncIterator[None]:
    database = create_engine(sqlite_url(settings.data_dir))
    try:
        async with database.begin() as connection:
            await connection.execute(text(f"ALTER TABLE {table} RENAME TO {table}_away"))
        yield
        async with database.begin() as connection:
            await connection.execute(text(f"ALTER TABLE {table}_away RENAME TO {table}"))
    finally:
        await database.dispose()
