"""A database of a test's own on the test run's PostgreSQL server (CREATE DATABASE), dropped after."""

from __future__ import annotations

import uuid
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import asyncpg
from sqlalchemy.engine import make_url

from tests.pg_cluster import asyncpg_url


@asynccontextmanager
async def database_beside(server_url: str, prefix: str) -> AsyncIterator[str]:
    """The URL of a new database named ``prefix`` and a random part, on ``server_url``'s server."""
    name = f"{prefix}_{uuid.uuid4().hex[:12]}"
    server = await asyncpg.connect(asyncpg_url(server_url))
    try:
        await server.execute(f'CREATE DATABASE "{name}"')
        yield make_url(server_url).set(database=name).render_as_string(hide_password=False)
        await server.execute(f'DROP DATABASE "{name}" WITH (FORCE)')
    finally:
        await server.close()
