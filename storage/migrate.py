"""Bring a database's schema up to date with Alembic, on start-up and in tests."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import sqlite3
from collections.abc import Iterator
from functools import partial
from pathlib import Path

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from alembic.util.exc import CommandError
from sqlalchemy import Connection, inspect, text
from sqlalchemy.exc import DBAPIError
from sqlalchemy.ext.asyncio import AsyncEngine

from storage.tables import Base
from storage.transient import sqlite_busy

log = logging.getLogger(__name__)
MIGRATIONS_DIR = Path(__file__).resolve().parent / "migrations"
# Any fixed number: the PostgreSQL advisory lock that lets one process at a time migrate a database.
MIGRATION_LOCK_KEY = 0x5155_495A  # "QUIZ"
# Seconds a process waits for that lock before saying another process is migrating: every start holds it a moment
# to find the schema up to date, so replicas starting together wait that long for each other, and nobody migrates.
MIGRATION_WAIT_SAID_AFTER = 3.0
# How long one try for the SQLite file's write lock waits in SQLite's busy handler, which nothing interrupts: the
# longest Ctrl-C or SIGTERM waits while a start waits for another process's migration (upgrade_to_head).
MIGRATION_TRY_MS = 1000
WAITING = "another process is migrating the database: waiting for it to finish"
LOCK_NOT_AVAILABLE = "55P03"  # PostgreSQL's lock_timeout ran out
# PostgreSQL's refusals of a write: the role lacks the privilege (42501), or the transaction is read-only (25006:
# default_transaction_read_only set on the database or role, or a hot standby).
READ_ONLY_SQLSTATES = frozenset({"42501", "25006"})
INSUFFICIENT_PRIVILEGE = "42501"


class ForeignDatabase(Exception):
    """The database holds tables, none put there by QuizTutor's migrations: another application's."""

    def __init__(self, tables: list[str]) -> None:
        super().__init__(", ".join(tables))
        self.tables = tables


class SchemaNotCurrent(Exception):
    """The database's schema is not the one this QuizTutor's migrations end at: ``current`` is None when it has
    no QuizTutor tables yet. Raised where reading must not migrate (``quiztutor stats``)."""

    def __init__(self, current: str | None, head: str) -> None:
        super().__init__(f"schema {current or 'none'}, expected {head}")
        self.current = current
        self.head = head


class ReadOnlyDatabase(Exception):
    """The database, as the URL's role reaches it, can be read but not written."""


class MigrationWaitTimedOut(Exception):
    """Another process held the migration lock for longer than this one was to wait: its migration is stuck or very
    long, or a process (a session) holds the lock without migrating."""

    def __init__(self, lock: str, seconds: float) -> None:
        super().__init__(f"another process held {lock} for longer than {seconds:g} s")
        self.seconds = seconds


class SchemaNotOurs(Exception):
    """The migrations may not create or change QuizTutor's tables: the URL's role is not the schema's owner (since
    PostgreSQL 15 a new database's public schema takes tables from the database's owner alone)."""


def alembic_config(url: str | None = None) -> Config:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS_DIR))
    if url is not None:
        config.set_main_option("sqlalchemy.url", url.replace("%", "%%"))
    return config


async def upgrade_to_head(engine: AsyncEngine, wait_seconds: float | None = None) -> None:
    """Apply every migration not yet applied, in one transaction where the database allows. Another process's
    migration is waited for, at most ``wait_seconds`` (None: without bound), then MigrationWaitTimedOut. On SQLite
    the lock is the file's write lock, tried again until ``wait_seconds`` have passed, each try waiting the engine's
    busy timeout: give it a short one (MIGRATION_TRY_MS). A thread in SQLite's busy handler can't be cancelled, and
    Ctrl-C or SIGTERM waited for it: with the whole wait as one busy timeout, up to QUIZ_MIGRATION_WAIT_SECONDS."""
    with _cancelled_as_asked():
        await _upgrade_to_head(engine, wait_seconds)


@contextlib.contextmanager
def _cancelled_as_asked() -> Iterator[None]:
    """A migration cut short by Ctrl-C or SIGTERM (its task cancelled while a statement ran) ends cancelled, as
    asked: alembic's batch_alter_table cleans up in a bare `except:` on the connection the cancellation invalidated,
    and its PendingRollbackError took the CancelledError's place (`quiztutor play` "failed", exit 1)."""
    try:
        yield
    except Exception as error:
        if (task := asyncio.current_task()) is not None and task.cancelling():
            raise asyncio.CancelledError from error
        raise


async def _upgrade_to_head(engine: AsyncEngine, wait_seconds: float | None) -> None:
    if engine.dialect.name != "sqlite":
        async with engine.begin() as connection:
            await connection.run_sync(partial(_upgrade, wait_seconds=wait_seconds))
        return
    loop = asyncio.get_running_loop()
    deadline = loop.time() + (wait_seconds or 0)
    async with contextlib.AsyncExitStack() as stack:
        # BEGIN IMMEDIATE takes the write lock, which a migrating process holds to its end.
        with _said_if_still_waiting(MIGRATION_WAIT_SAID_AFTER, _waiting(wait_seconds)):
            while True:
                try:
                    connection = await stack.enter_async_context(engine.begin())
                    break
                except DBAPIError as error:
                    if wait_seconds is None or not (isinstance(error.orig, sqlite3.Error) and sqlite_busy(error.orig)):
                        raise
                    if loop.time() >= deadline:
                        raise MigrationWaitTimedOut("the SQLite file's write lock", wait_seconds) from error
        await connection.run_sync(_upgrade)


async def require_head(engine: AsyncEngine) -> None:
    """Raise SchemaNotCurrent unless the schema is already up to date; change nothing either way. A command
    that only reads must not upgrade a database that replicas of an older version still serve."""
    async with engine.connect() as connection:
        current = await connection.run_sync(_current_revision)
    script = ScriptDirectory.from_config(alembic_config())
    head = script.get_current_head()
    if current is not None:
        script.get_revision(current)  # a revision it doesn't know: a newer QuizTutor's (CommandError)
    if head is None or current != head:
        raise SchemaNotCurrent(current, head or "none")


def _current_revision(connection: Connection) -> str | None:
    _refuse_foreign(connection)  # another application's tables are not "no tables yet"
    return MigrationContext.configure(connection).get_current_revision()


def lock_migrations(connection: Connection, wait_seconds: float | None = None) -> None:
    """Wait until no other process migrates this database, at most ``wait_seconds`` (None: without bound), then
    MigrationWaitTimedOut; released when the connection's transaction ends."""
    if connection.dialect.name == "postgresql":
        # Processes starting together on an empty database would each create the tables; the second to get
        # the lock finds the schema at head and does nothing.
        if connection.execute(text("SELECT pg_try_advisory_xact_lock(:key)"), {"key": MIGRATION_LOCK_KEY}).scalar():
            return
        # Said, as a long upgrade elsewhere (a large table rewritten) would leave this process silent meanwhile.
        with _said_if_still_waiting(MIGRATION_WAIT_SAID_AFTER, _waiting(wait_seconds)):
            if wait_seconds is None:
                connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": MIGRATION_LOCK_KEY})
                return
            _lock_within(connection, wait_seconds)


def _lock_within(connection: Connection, wait_seconds: float) -> None:
    """The migration lock, waited for at most ``wait_seconds`` (lock_timeout, for this statement alone: the
    migrations themselves wait as long as they must for the tables they change)."""
    before = connection.execute(text("SELECT current_setting('lock_timeout')")).scalar_one()
    connection.execute(text("SELECT set_config('lock_timeout', :wait, true)"),
                       {"wait": f"{max(1, round(wait_seconds * 1000))}ms"})
    try:
        connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": MIGRATION_LOCK_KEY})
    except DBAPIError as error:
        if getattr(error.orig, "sqlstate", None) == LOCK_NOT_AVAILABLE:
            raise MigrationWaitTimedOut(f"the database's migration lock (advisory lock {MIGRATION_LOCK_KEY})",
                                        wait_seconds) from error
        raise
    connection.execute(text("SELECT set_config('lock_timeout', :before, true)"), {"before": before})


def _waiting(wait_seconds: float | None) -> str:
    return WAITING if wait_seconds is None else f"{WAITING} (at most {wait_seconds:g} s)"


@contextlib.contextmanager
def _said_if_still_waiting(seconds: float, message: str) -> Iterator[None]:
    """``message`` logged if the block still runs after ``seconds``. The block's statements are awaited on the event
    loop (SQLAlchemy's run_sync), which says it meanwhile; without a running loop, it is said at once."""
    try:
        later = asyncio.get_running_loop().call_later(seconds, log.warning, message)
    except RuntimeError:
        log.warning(message)
        yield
        return
    try:
        yield
    finally:
        later.cancel()


def _upgrade(connection: Connection, wait_seconds: float | None = None) -> None:
    lock_migrations(connection, wait_seconds)
    _refuse_foreign(connection)
    config = alembic_config()
    config.attributes["connection"] = connection
    # An upgrade can take minutes on a large database: said before and after, or the start-up looks hung. A new
    # database's tables are made in a moment, and its first start says nothing more than any other.
    current = MigrationContext.configure(connection).get_current_revision()
    head = ScriptDirectory.from_config(config).get_current_head()
    upgrading = current is not None and current != head and _known(config, current)  # a newer QuizTutor's: refused
    if upgrading:
        log.info("upgrading the database schema from %s to %s", current, head)
    try:
        command.upgrade(config, "head")
    except DBAPIError as error:  # by its SQLSTATE: the server's words are in its own language
        if getattr(error.orig, "sqlstate", None) == INSUFFICIENT_PRIVILEGE:
            raise SchemaNotOurs(str(error.orig)) from error
        raise
    if upgrading:
        log.info("database schema upgraded to %s", head)
    _require_writable(connection)


def _known(config: Config, revision: str) -> bool:
    try:
        ScriptDirectory.from_config(config).get_revision(revision)
    except CommandError:
        return False
    return True


def _require_writable(connection: Connection) -> None:
    """Fail now if the database can only be read: at head, the migrations wrote nothing, and a read-only file (or
    role, or replica) would fail at the first learner's answer instead. An update of no row still needs the right
    to write, on SQLite and PostgreSQL alike, and changes nothing. SQLite's refusal is recognised by its words
    (storage/errors.py); PostgreSQL's by its SQLSTATE, its words being in the server's language."""
    try:
        connection.execute(text("UPDATE alembic_version SET version_num = version_num WHERE 1 = 0"))
    except DBAPIError as error:
        if getattr(error.orig, "sqlstate", None) in READ_ONLY_SQLSTATES:
            raise ReadOnlyDatabase(str(error.orig)) from error
        raise


def _refuse_foreign(connection: Connection) -> None:
    """Never add our tables beside another application's: a database with tables but no migrations of ours."""
    present = _own_tables(connection)
    foreign = sorted(present - set(Base.metadata.tables))
    if "alembic_version" not in present and foreign:
        raise ForeignDatabase(foreign)


def _own_tables(connection: Connection) -> set[str]:
    """The tables of the database's current schema, leaving out those a PostgreSQL extension owns (PostGIS's
    spatial_ref_sys, say): a database prepared with extensions is still an empty one."""
    if connection.dialect.name != "postgresql":
        return set(inspect(connection).get_table_names())
    return set(connection.execute(text(
        "SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace "
        "WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p') "
        "AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = c.oid AND d.deptype = 'e')")).scalars())
