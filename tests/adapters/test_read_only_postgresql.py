"""A PostgreSQL database QuizTutor can only read is refused at start-up in the same words as a read-only SQLite
file: a role granted SELECT alone, or a database in read-only mode (a replica's settings, an administrator's
`ALTER DATABASE ... SET default_transaction_read_only = on`)."""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import AsyncIterator

import asyncpg
import pytest
from sqlalchemy.engine import make_url

from adapters.cli.exit_codes import ExitCode
from tests.adapters.test_environment_failures import one_clear_line, play
from tests.pg_cluster import asyncpg_url


def own_name(stem: str) -> str:
    """A role's or database's name for one test alone: a server given in QUIZ_TEST_POSTGRES_URL may be shared with
    another run, or hold what a killed run left (CREATE ROLE then failed with "already exists", every run after)."""
    return f"{stem}_{uuid.uuid4().hex[:8]}"


@pytest.fixture
async def set_up_url(postgres_url: str) -> str:
    """The test database, with QuizTutor's tables: played once, as an operator's would have been."""
    first = await asyncio.to_thread(play, {"QUIZ_DATABASE_URL": postgres_url})
    assert first.returncode == ExitCode.OK, first.stderr
    return postgres_url


@pytest.fixture
async def superuser(set_up_url: str) -> AsyncIterator[asyncpg.Connection]:
    connection = await asyncpg.connect(asyncpg_url(set_up_url))
    try:
        yield connection
    finally:
        await connection.close()


async def test_a_role_that_may_only_read(set_up_url: str, superuser: asyncpg.Connection) -> None:
    """Was "... failed: permission denied for table alembic_version", exit 4."""
    reader = own_name("quiz_reader")
    await superuser.execute(f"CREATE ROLE {reader} LOGIN; GRANT USAGE ON SCHEMA public TO {reader}; "
                            f"GRANT SELECT ON ALL TABLES IN SCHEMA public TO {reader}")
    try:
        reader_url = make_url(set_up_url).set(username=reader).render_as_string(hide_password=False)
        done = await asyncio.to_thread(play, {"QUIZ_DATABASE_URL": reader_url})
    finally:
        await superuser.execute(f"DROP OWNED BY {reader}; DROP ROLE {reader}")
    one_clear_line(done, ExitCode.DATABASE, f"{reader}@127.0.0.1", "is read-only: QuizTutor needs to write to it")
    assert "Welcome" not in done.stdout


async def test_a_database_in_read_only_mode(set_up_url: str, superuser: asyncpg.Connection) -> None:
    """Was "... failed: cannot execute UPDATE in a read-only transaction", exit 4."""
    database = make_url(set_up_url).database
    await superuser.execute(f"ALTER DATABASE {database} SET default_transaction_read_only = on")
    try:
        done = await asyncio.to_thread(play, {"QUIZ_DATABASE_URL": set_up_url})
    finally:  # the next tests share this database
        await superuser.execute(f"ALTER DATABASE {database} RESET default_transaction_read_only")
    one_clear_line(done, ExitCode.DATABASE, f"{database} is read-only: QuizTutor needs to write to it")
    assert "Welcome" not in done.stdout


async def test_a_database_only_granted_to_the_role_says_how_to_give_it(postgres_url: str) -> None:
    """Was "... failed: permission denied for schema public", exit 4, and no way out: since PostgreSQL 15 only the
    database's owner may create tables in its public schema, so GRANT ALL ON DATABASE is not enough."""
    granted, role = own_name("quiz_granted_only"), own_name("quiz_granted_role")
    superuser = await asyncpg.connect(asyncpg_url(postgres_url))
    try:
        await superuser.execute(f"CREATE ROLE {role} LOGIN")
        await superuser.execute(f"CREATE DATABASE {granted}")
        await superuser.execute(f"GRANT ALL ON DATABASE {granted} TO {role}")
        url = make_url(postgres_url).set(username=role, database=granted).render_as_string(hide_password=False)
        done = await asyncio.to_thread(play, {"QUIZ_DATABASE_URL": url})
    finally:
        await superuser.execute(f"DROP DATABASE IF EXISTS {granted} WITH (FORCE)")
        await superuser.execute(f"DROP ROLE IF EXISTS {role}")
        await superuser.close()
    one_clear_line(done, ExitCode.DATABASE, f"{role}@127.0.0.1", f"ALTER DATABASE {granted} OWNER TO {role}")
    assert "Welcome" not in done.stdout
