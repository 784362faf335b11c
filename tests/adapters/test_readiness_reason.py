"""/readyz names what kept the database check from answering by the driver's error, not SQLAlchemy's wrapper
around it: every refusal read "not ready: database: DBAPIError", whether the server was out of connection slots,
restarting or refusing the password, so the load balancer's reason told the operator nothing. Still no message:
a driver's words can hold the URL and its password."""

from __future__ import annotations

import socket
import uuid

import asyncpg
from sqlalchemy.engine import make_url

from adapters.readiness import Readiness, database_readiness
from storage.database import create_engine
from tests.pg_cluster import asyncpg_url


async def test_a_server_refusing_the_checks_connection_is_named_by_the_drivers_error(postgres_url: str) -> None:
    # A name of its own: a QUIZ_TEST_POSTGRES_URL server may be shared, or hold what a killed run left behind.
    role = f"quiz_no_slots_{uuid.uuid4().hex[:8]}"
    superuser = await asyncpg.connect(asyncpg_url(postgres_url))
    engine = None
    try:
        # A role with no connection slot: the server answers as when max_connections is reached (SQLSTATE 53300).
        await superuser.execute(f"CREATE ROLE {role} LOGIN CONNECTION LIMIT 0")
        engine = create_engine(make_url(postgres_url).set(username=role).render_as_string(hide_password=False))
        async with database_readiness(engine) as check:
            problems = await Readiness(check, []).problems()
    finally:
        if engine is not None:
            await engine.dispose()
        await superuser.execute(f"DROP ROLE IF EXISTS {role}")
        await superuser.close()
    assert problems == ["database: TooManyConnectionsError"], problems


async def test_an_error_of_no_driver_is_named_by_its_own_class() -> None:
    async def refused() -> None:
        raise ConnectionRefusedError(111, "Connect call failed ('127.0.0.1', 5432)")

    assert await Readiness(refused, []).problems() == ["database: ConnectionRefusedError"]


async def test_a_database_host_no_one_can_look_up_says_so() -> None:
    """compose's PostgreSQL stopped (Docker's DNS then knows no `postgres`), or a host mistyped: the class alone,
    "not ready: database: gaierror", said nothing an operator could act on. The resolver's words hold no URL."""
    async def unknown_host() -> None:
        raise socket.gaierror(socket.EAI_NONAME, "Name or service not known")

    assert await Readiness(unknown_host, []).problems() == [
        "database: gaierror: its host name can't be looked up (Name or service not known): is the database server "
        "up, and its host in QUIZ_DATABASE_URL right?"]
