"""A full disk under SQLite, for real: PRAGMA max_page_count on the database's connections lets the file grow no
further, and SQLite itself says "database or disk is full" when a write needs another page."""

from __future__ import annotations

import contextlib
import sqlite3
from collections.abc import Iterator
from typing import Any

from sqlalchemy import event
from sqlalchemy.pool import Pool


class FullDisk:
    """Every SQLite connection opened meanwhile (the writer's among them): ``fill`` stops the file growing on
    those open and on any opened after (the writer opens a fresh one after a failed COMMIT)."""

    def __init__(self) -> None:
        self._connections: list[sqlite3.Connection] = []
        self.full = False

    def on_connect(self, dbapi_connection: Any, _record: Any) -> None:
        if isinstance(dbapi_connection, sqlite3.Connection):  # the writer's (aiosqlite's only read here)
            self._connections.append(dbapi_connection)
            if self.full:
                self._stop_growing(dbapi_connection)

    def fill(self) -> None:
        self.full = True
        for connection in self._connections:
            with contextlib.suppress(sqlite3.ProgrammingError):  # closed since
                self._stop_growing(connection)

    @staticmethod
    def _stop_growing(connection: sqlite3.Connection) -> None:
        pages = connection.execute("PRAGMA page_count").fetchone()[0]
        connection.execute(f"PRAGMA max_page_count = {pages}")


@contextlib.contextmanager
def disk_to_fill() -> Iterator[FullDisk]:
    """Within the block, ``fill()`` makes the disk full for every SQLite connection, open or opened later."""
    disk = FullDisk()
    event.listen(Pool, "connect", disk.on_connect)
    try:
        yield disk
    finally:
        event.remove(Pool, "connect", disk.on_connect)
