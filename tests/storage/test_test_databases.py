"""Each pytest-xdist worker's database beside QUIZ_TEST_POSTGRES_URL's (tests/pg_cluster.py): a user that may not
create databases is told what to do, not shown asyncpg's "permission denied to create database" and a traceback
from inside the fixture, once for every test."""

from __future__ import annotations

import uuid
from collections.abc import AsyncIterator

import asyncpg
import pytest
from sqlalchemy.engine import make_url

from tests.pg_cluster import NoDatabaseOfItsOwn, asyncpg_url, database_of_its_own, worker_database


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


@pytest.fixture
async def long_named_url(postgres_url: str) -> AsyncIterator[str]:
    """A database whose name fills 60 of PostgreSQL's 63 bytes (two-byte letters), as QUIZ_TEST_POSTGRES_URL's
    may be; it and the workers' databases made beside it are dropped after."""
    name = f"quiz_long_{uuid.uuid4().hex[:8]}_" + "é" * 21
    server = await asyncpg.connect(asyncpg_url(postgres_url))
    try:
        await server.execute(f'CREATE DATABASE "{name}"')
        yield make_url(postgres_url).set(database=name).render_as_string(hide_password=False)
    finally:
        for (made,) in await server.fetch("SELECT datname FROM pg_database WHERE datname LIKE $1", name[:18] + "%"):
            await server.execute(f'DROP DATABASE "{made}" WITH (FORCE)')
        await server.close()


async def test_workers_beside_a_long_database_name_each_get_a_database_of_their_own(long_named_url: str) -> None:
    """PostgreSQL cuts a name at 63 bytes, silently: "<name>_gw1" and "<name>_gw10" were one database, cut to
    "<name>_gw", which two workers would each empty under the other's tests (here the second CREATE DATABASE failed,
    as the name looked for, uncut, was not there)."""
    databases = []
    for worker in ("gw1", "gw10", "gw1"):  # the last: a worker's next run, finding its database there
        connection = await asyncpg.connect(asyncpg_url(await database_of_its_own(long_named_url, worker)))
        try:
            databases.append(await connection.fetchval("SELECT current_database()"))
        finally:
            await connection.close()
    assert databases[0] != databases[1] and databases[0] == databases[2], databases
    for name, worker in zip(databases, ("gw1", "gw10"), strict=False):
        assert len(name.encode()) <= 63 and name.endswith(f"_{worker}"), name


def test_the_workers_databases_beside_a_long_name_share_one_stem() -> None:
    """As the refusal names them for a user who may not create databases: <stem>_gw0, <stem>_gw1 and on."""
    long = "quiztutor_" + "x" * 50
    stems = {worker_database(long, f"gw{number}").rpartition("_")[0] for number in (0, 7, 10, 123)}
    assert len(stems) == 1 and len(worker_database(long, "gw123").encode()) <= 63, stems
    assert worker_database("quiztutor_test", "gw3") == "quiztutor_test_gw3"  # short names as they were
