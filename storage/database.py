"""Building the async SQLAlchemy engine: SQLite tuned for a durable single file, or any other URL."""

from __future__ import annotations

import errno
import os
import sqlite3
import stat
import time
from pathlib import Path
from typing import Any
from urllib.parse import unquote

from sqlalchemy import Engine, event
from sqlalchemy import create_engine as create_sync_engine
from sqlalchemy.engine import URL, make_url
from sqlalchemy.ext.asyncio import AsyncEngine, create_async_engine
from sqlalchemy.pool import NullPool

from bot.content.file_reading import no_regular_file
from storage.json_text import JSON_CODEC
from storage.pool_size import DEFAULT_POOL_SIZE
from storage.server_pool import create_server_engine
from storage.server_timeouts import SERVING, UNLIMITED, ServerTimeouts
from storage.sqlite_workers import wait_for_failed_connects
from storage.transient import sqlite_busy

SQLITE_BUSY_TIMEOUT_MS = 5000


def sqlite_url(data_dir: Path) -> str:
    # Percent-encoded as a URL's path must be: written as it was, a '?' in a folder's name began the query and a
    # '%41' was decoded, and the database went elsewhere (/srv/quiz?1 made the file /srv/quiz the database).
    file = URL.create("sqlite+aiosqlite", database=str(data_dir / "quiztutor.sqlite3"))
    return file.render_as_string(hide_password=False)


def sqlite_file(url: URL) -> Path | None:
    """The file a SQLite URL names, also in URI form (``sqlite:///file:/path?mode=ro&uri=true``); None for
    another database or one in memory."""
    if url.get_backend_name() != "sqlite" or not url.database or url.database == ":memory:":
        return None
    if str(url.query.get("uri", "")).lower() in ("true", "1") and url.database.startswith("file:"):
        path = unquote(url.database.removeprefix("file:"))  # SQLite decodes %HH in a URI's path
        return None if url.query.get("mode") == "memory" or path == ":memory:" else Path(path)
    return Path(url.database)


class InMemoryDatabase(ValueError):
    """A SQLite database in memory: it would lose every answer at exit, and each connection sees its own."""


class SpecialFile(ValueError):
    """A SQLite URL naming a named pipe, a device or a socket: SQLite failed on a FIFO with "disk I/O error" (said
    as a full disk), and took /dev/null for an empty database that loses every write."""

    def __init__(self, file: Path, kind: str) -> None:
        super().__init__(f"{file}: {kind}")
        self.file = file
        self.kind = kind


def refuse_no_file(file: Path) -> None:
    """IsADirectoryError for a folder where the SQLite file should be, SpecialFile for a FIFO, a device or a socket;
    nothing for a regular file or none yet (a symbolic link is followed: SQLite opens what it names)."""
    try:
        mode = file.stat().st_mode
    except OSError:  # not there yet, or a folder on its way this user may not enter: said when opening it
        return
    if stat.S_ISDIR(mode):  # SQLite's "unable to open database file" says nothing of it (storage/errors.py does)
        raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR), str(file))
    if (kind := no_regular_file(mode)) is not None:
        raise SpecialFile(file, kind.english())


def create_engine(url: str, *, busy_timeout_ms: int = SQLITE_BUSY_TIMEOUT_MS,
                  pool_size: int = DEFAULT_POOL_SIZE, timeouts: ServerTimeouts = SERVING,
                  read_only: bool = False) -> AsyncEngine:
    """An async engine for the URL; SQLite files get WAL, a busy timeout, foreign keys and the write lock up front.

    ``pool_size`` is the number of connections to a database server (PostgreSQL), ``timeouts`` how long it and
    the bot wait on each other (storage/server_timeouts.py); SQLite always uses one connection. ``read_only``
    (SQLite; for commands that only read: stats): the file is taken as it is, in whatever journal mode, read in
    plain transactions, and any write refused."""
    parsed = make_url(url)
    if parsed.get_backend_name() != "sqlite":
        return create_server_engine(url, pool_size=pool_size, timeouts=timeouts)
    if (file := sqlite_file(parsed)) is None:
        raise InMemoryDatabase(url)
    file.parent.mkdir(parents=True, exist_ok=True)
    refuse_no_file(file)
    # One connection: SQLite takes one writer at a time anyway, and queueing in the pool is far
    # cheaper than connections sleeping in SQLite's busy handler.
    # No reset on return: every unit of work ends its own transaction, and a reset costs a thread hop.
    engine = create_async_engine(url, pool_size=1, max_overflow=0, pool_timeout=120, pool_reset_on_return=None,
                                 **JSON_CODEC)
    wait_for_failed_connects(engine.sync_engine)
    _tune_sqlite(engine.sync_engine, busy_timeout_ms, read_only)
    # Carried along for the writer's own engine (storage/unit_of_work.py); SQLAlchemy ignores unknown options.
    engine.sync_engine.update_execution_options(sqlite_busy_timeout_ms=busy_timeout_ms, sqlite_read_only=read_only)
    return engine


def create_unpooled_engine(url: str | URL) -> AsyncEngine:
    """An engine that opens a connection of its own for each use and closes it after (health checks, the
    process lock): the pool's connections stay for the work. A server hears of a vanished process within a
    minute (the process lock's session ends with it); nothing else is limited."""
    parsed = make_url(url)
    if parsed.get_backend_name() != "sqlite":
        return create_async_engine(parsed, poolclass=NullPool, connect_args=UNLIMITED.connect_args(), **JSON_CODEC)
    engine = create_async_engine(parsed, poolclass=NullPool, **JSON_CODEC)
    wait_for_failed_connects(engine.sync_engine)
    return engine


def create_writer_engine(url: URL, *, busy_timeout_ms: int = SQLITE_BUSY_TIMEOUT_MS,
                         read_only: bool = False) -> Engine:
    """The synchronous engine of the SQLite writer (storage/group_commit.py), tuned as create_engine's."""
    # The writer holds one connection for its life, used from the event loop and its own thread in turn.
    engine = create_sync_engine(url.set(drivername="sqlite"), poolclass=NullPool,
                                connect_args={"check_same_thread": False}, **JSON_CODEC)
    _tune_sqlite(engine, busy_timeout_ms, read_only)
    return engine


def _tune_sqlite(engine: Engine, busy_timeout_ms: int, read_only: bool = False) -> None:
    @event.listens_for(engine, "connect")
    def on_connect(dbapi_connection: Any, _record: Any) -> None:
        # Let SQLAlchemy's "begin" event below decide how transactions start.
        dbapi_connection.isolation_level = None
        cursor = dbapi_connection.cursor()
        # The wait first: switching a new file to WAL needs a lock that another process starting with us may hold.
        cursor.execute(f"PRAGMA busy_timeout={int(busy_timeout_ms)}")
        if read_only:
            # Switching to WAL rewrites the file's header: a reader must not, on another application's file least
            # of all. query_only makes SQLite itself refuse any write.
            cursor.execute("PRAGMA query_only=ON")
            cursor.close()
            return
        _switch_to_wal(cursor, busy_timeout_ms)
        cursor.execute("PRAGMA foreign_keys=ON")
        # FULL: a commit is on disk when it returns, so a power cut loses no answer either.
        cursor.execute("PRAGMA synchronous=FULL")
        cursor.close()

    @event.listens_for(engine, "begin")
    def on_begin(connection: Any) -> None:
        # IMMEDIATE takes the write lock up front: a transaction that reads then writes can't
        # fail half-way because another process (say, `quiztutor play` beside the bot) wrote first.
        # A reader takes no write lock: it would hold up the bot's answers for as long as it reads.
        connection.exec_driver_sql("BEGIN" if read_only else "BEGIN IMMEDIATE")


def _switch_to_wal(cursor: Any, busy_timeout_ms: int) -> None:
    """Put the file in WAL mode, waiting out another connection doing the same.

    On a new file the switch reads the header, then takes the write lock. When two connections (processes starting
    together) both hold the read lock, SQLite refuses one at once ("database is locked") rather than call its busy
    handler, which would deadlock. Retried, the switch waits in the busy handler or finds the file in WAL already.
    Each try may itself wait out the busy timeout, so the whole wait is bounded by about twice that.
    """
    deadline = time.monotonic() + busy_timeout_ms / 1000
    while True:
        try:
            cursor.execute("PRAGMA journal_mode=WAL")
            return
        except sqlite3.OperationalError as error:
            if not sqlite_busy(error) or time.monotonic() >= deadline:
                raise
        # Only on a new file, at start-up (on the event loop's thread for the async engine): the other connection's
        # switch takes milliseconds.
        time.sleep(0.005)
