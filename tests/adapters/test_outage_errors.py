"""An outage (a connection refused or timed out anywhere in an error's chain) is told apart from a bug, so a
database that is down logs one line per failed update rather than a page of traceback each."""

from __future__ import annotations

import asyncio
import logging

import asyncpg
import pytest
from sqlalchemy import text
from sqlalchemy.exc import DBAPIError, OperationalError

from adapters.failures import OutageLines, log_failure, unreachable
from bot.ports import WriterClosed
from storage.database import create_engine
from tests.pg_cluster import asyncpg_url


def _raised(error: BaseException, cause: BaseException | None = None) -> BaseException:
    try:
        try:
            if cause is not None:
                raise cause
        except BaseException as inner:
            raise error from inner
        raise error
    except BaseException as caught:
        return caught


def test_a_refused_or_timed_out_connection_anywhere_in_the_chain_is_an_outage() -> None:
    refused = _raised(OperationalError("SELECT 1", {}, Exception("x")), ConnectionRefusedError(111, "refused"))
    assert unreachable(refused)
    assert unreachable(_raised(RuntimeError("the turn failed"), TimeoutError()))
    assert unreachable(ConnectionResetError())


def test_a_bug_or_a_broken_schema_is_not() -> None:
    assert not unreachable(_raised(OperationalError("SELECT", {}, Exception("no such table: users"))))
    assert not unreachable(_raised(KeyError("question"), ValueError("bad")))


def test_an_outage_is_logged_as_one_line_and_a_bug_with_its_traceback(caplog: pytest.LogCaptureFixture) -> None:
    log = logging.getLogger("tests.outage")
    caplog.set_level(logging.INFO, logger="tests.outage")
    outage = _raised(RuntimeError("the turn failed"), ConnectionRefusedError(111, "Connection refused"))
    log_failure(log, outage, "Discord event %s failed", "on_raw_poll_vote_add")
    log_failure(log, _raised(KeyError("question")), "/%s failed", "quiz")
    one_line, bug = caplog.records
    assert one_line.getMessage() == ("Discord event on_raw_poll_vote_add failed: a service is unreachable: "
                                     "RuntimeError: the turn failed") and not one_line.exc_info
    assert bug.getMessage() == "/quiz failed" and bug.exc_info is not None  # a bug keeps its traceback
    caplog.clear()
    caplog.set_level(logging.DEBUG, logger="tests.outage")
    log_failure(log, outage, "Discord event %s failed", "on_raw_poll_vote_add")
    assert caplog.records[0].exc_info is not None  # at DEBUG, the outage's traceback too


def test_an_outages_failures_are_said_once_a_period_with_how_many_went_unsaid(
        caplog: pytest.LogCaptureFixture) -> None:
    log = logging.getLogger("tests.outage")
    caplog.set_level(logging.INFO, logger="tests.outage")
    now = [100.0]
    outages = OutageLines(period=60.0, clock=lambda: now[0])
    outage = _raised(RuntimeError("the turn failed"), ConnectionRefusedError(111, "Connection refused"))
    for update in range(1, 5):  # four learners at once: one line
        log_failure(log, outage, "Telegram update %s failed", update, outages=outages)
    now[0] += 60.0
    log_failure(log, outage, "Telegram update %s failed", 5, outages=outages)
    log_failure(log, _raised(KeyError("question")), "Telegram update %s failed", 6, outages=outages)  # a bug: said
    first, later, bug = [record.getMessage() for record in caplog.records]
    assert first == ("Telegram update 1 failed: a service is unreachable; more like it are said once every 60 s, "
                     "counted: RuntimeError: the turn failed")
    assert later.startswith("Telegram update 5 failed: a service is unreachable (3 more failed alike since the "
                            "last such line)")
    assert bug == "Telegram update 6 failed"


def test_an_event_handled_after_shutdown_is_one_warning_not_a_bug(caplog: pytest.LogCaptureFixture) -> None:
    """discord.py's close() doesn't wait for its handlers: one still running when the database closed for good
    hears WriterClosed. Nothing of it was kept, and nothing is broken: no ERROR, no traceback."""
    log = logging.getLogger("tests.outage")
    caplog.set_level(logging.INFO, logger="tests.outage")
    late = _raised(RuntimeError("the turn failed"), WriterClosed("the database was closed"))
    log_failure(log, late, "%s click failed", "Join")
    (record,) = caplog.records
    assert (record.levelno, record.exc_info) == (logging.WARNING, None)
    assert record.getMessage() == "Join click failed: shutting down, not kept: RuntimeError: the turn failed"


def test_a_connection_cut_by_a_database_restart_or_failover_is_an_outage() -> None:
    wrapped = [_raised(DBAPIError("COMMIT", (), cause), cause) for cause in (
        asyncpg.AdminShutdownError("terminating connection due to administrator command"),  # 57P01
        asyncpg.CannotConnectNowError("the database system is shutting down"),  # 57P03
        asyncpg.ConnectionDoesNotExistError("connection was closed in the middle of operation"),
        asyncpg.InterfaceError("cannot perform operation: connection is closed"),
    )]
    assert all(unreachable(error) for error in wrapped)


def test_a_server_out_of_connection_slots_is_an_outage() -> None:
    """More connections asked for than max_connections allows (replicas x pool size, or someone else's clients):
    every update needing a new connection fails alike until one frees, so Telegram must deliver it again (503).
    Taken for a bug, it was answered 200 and lost, each with a page of traceback."""
    wrapped = [_raised(DBAPIError(None, None, cause), cause) for cause in (
        asyncpg.TooManyConnectionsError("sorry, too many clients already"),  # 53300
        asyncpg.TooManyConnectionsError("remaining connection slots are reserved for non-replication superuser "
                                        "connections"),
    )]
    assert all(unreachable(error) for error in wrapped)


def test_a_driver_error_that_is_a_bug_is_not_an_outage_though_it_comes_from_the_client_side() -> None:
    """Told apart, since an outage is answered 503 and Telegram would deliver a bug's update again for hours."""
    for bug in (asyncpg.UniqueViolationError("duplicate key"),
                asyncpg.InterfaceError("the server expects 2 arguments for this query, 3 were passed"),
                asyncpg.InterfaceError("cannot perform operation: another operation is in progress"),
                asyncpg.InternalClientError("Bind: expected a sequence"),
                asyncpg.ProtocolViolationError("protocol violation")):  # 08P01
        assert not unreachable(_raised(DBAPIError("INSERT", (), bug), bug)), bug


async def test_a_statement_whose_backend_is_terminated_fails_as_an_outage(postgres_url: str) -> None:
    """What a PostgreSQL restart does to a transaction under way, with the errors asyncpg and SQLAlchemy really
    raise: the update must be left for Telegram to deliver again, not answered as a bug."""
    engine = create_engine(postgres_url)
    try:
        async with engine.connect() as connection:
            pid = (await connection.execute(text("SELECT pg_backend_pid()"))).scalar_one()
            waiting = asyncio.create_task(connection.execute(text("SELECT pg_sleep(30)")))
            await asyncio.sleep(0.2)
            await end_backend(postgres_url, pid)
            with pytest.raises(DBAPIError) as failed:
                await waiting
        assert unreachable(failed.value)
    finally:
        await engine.dispose()


async def end_backend(url: str, pid: int) -> None:
    admin = await asyncpg.connect(asyncpg_url(url))
    try:
        await admin.execute("SELECT pg_terminate_backend($1, 5000)", pid)
    finally:
        await admin.close()
