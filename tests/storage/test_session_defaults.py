"""A test's setting for the database's new sessions (tests/support/session_defaults.py) stays in that database: on
a server the pytest-xdist workers share (QUIZ_TEST_POSTGRES_URL), as the same role, the others' are theirs."""

from __future__ import annotations

import asyncpg
from sqlalchemy.engine import make_url

from tests.pg_cluster import asyncpg_url
from tests.support.session_defaults import search_path_of_new_sessions


async def search_path(url: str) -> str:
    connection = await asyncpg.connect(asyncpg_url(url))
    try:
        path: str = await connection.fetchval("SHOW search_path")
        return path
    finally:
        await connection.close()


async def test_a_search_path_set_for_new_sessions_reaches_this_database_alone(postgres_url: str) -> None:
    elsewhere = make_url(postgres_url).set(database="postgres").render_as_string(hide_password=False)
    usual = await search_path(elsewhere)
    async with search_path_of_new_sessions(postgres_url, "public, pg_catalog"):
        assert await search_path(postgres_url) == "public, pg_catalog"
        assert await search_path(elsewhere) == usual  # another worker's database, as the same role
    assert await search_path(postgres_url) == usual
