"""A setting every new session of the test database starts with, as a server's administrator would give it."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import asyncpg

from tests.pg_cluster import asyncpg_url


@asynccontextmanager
async def search_path_of_new_sessions(url: str, path: str) -> AsyncIterator[None]:
    """New sessions of the database at ``url`` search ``path`` during the block. Set for the role in this database
    alone: for the role everywhere, it reached the other databases of a shared server (QUIZ_TEST_POSTGRES_URL's
    workers' databases beside this one), whose tests connect as the same role meanwhile."""
    admin = await asyncpg.connect(asyncpg_url(url))
    try:
        database = '"{}"'.format((await admin.fetchval("SELECT current_database()")).replace('"', '""'))
        await admin.execute(f"ALTER ROLE CURRENT_USER IN DATABASE {database} SET search_path = {path}")
        try:
            yield
        finally:
            await admin.execute(f"ALTER ROLE CURRENT_USER IN DATABASE {database} RESET search_path")
    finally:
        await admin.close()
