"""Each pytest-xdist worker's database beside QUIZ_TEST_POSTGRES_URL's (tests/pg_cluster.py): a user that may not
create databases is told what to do, not shown asyncpg's "permission denied to create database" and a traceback
from inside the fixture, once for every test."""

from __future__ import annotations

import uuid
from collections.abc import AsyncIterator

import asyncpg
import pytest
from sqlalchemy.engine import make_url

from tests.pg_cluster import NoDatabaseOfItsOwn, asyncpg_url, database_of_its_own


@pytest.fixture
async def plain_user_url(postgres_url: str) -> AsyncIterator[str]:
    """The test database, as a user without CREATEDB (a name of its own: the server may be shared)."""
    role = f"quiz_plain_{uuid.uuid4().hex[:8]}"
    superuser = await asyncpg.connect(asyncpg_url(postgres_url))
    try:
        await superuser.execute(f"CREATE ROLE {role} LOGIN NOCREATEDB")
        yield make_url(postgres_url).set(username=role).render_as_string(hide_password=False)
    finally:
        await superuser.execute(f"DROP ROLE IF EXISTS {role}")
        await superuser.close()


async def test_a_user_who_may_not_create_the_workers_database_is_told_what_to_do(plain_user_url: str) -> None:
    database = make_url(plain_user_url).database
    with pytest.raises(NoDatabaseOfItsOwn) as refused:
        await database_of_its_own(plain_user_url, "gw9")
    message = str(refused.value)
    assert f'"{database}_gw9"' in message
    assert "CREATEDB" in message and "-n 0" in message
