"""Counting units of work through the storage layer: what an action really costs the database."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from sqlalchemy import Connection, Engine, event
from sqlalchemy.ext.asyncio import AsyncEngine

from storage.sqlite_unit_of_work import SAVEPOINT


@contextmanager
def counting(database: AsyncEngine) -> Iterator[list[int]]:
    """A one-item list holding how many units of work began on ``database`` inside the block.

    On PostgreSQL a unit of work is a transaction. On SQLite it is a savepoint in the writer's shared, group-
    committed transaction, on the writer's own engine: so its SAVEPOINT statements are counted on any SQLite
    engine.
    """
    began = [0]
    sqlite = database.dialect.name == "sqlite"

    def count_transaction(_connection: Connection) -> None:
        began[0] += 1

    def count_savepoint(connection: Connection, _cursor: Any, statement: str, *_args: Any) -> None:
        if connection.dialect.name == "sqlite" and statement == SAVEPOINT:
            began[0] += 1

    listeners: list[tuple[Any, str, Any]] = ([(Engine, "before_cursor_execute", count_savepoint)] if sqlite
                                             else [(database.sync_engine, "begin", count_transaction)])
    for target, name, listener in listeners:
        event.listen(target, name, listener)
    try:
        yield began
    finally:
        for target, name, listener in listeners:
            event.remove(target, name, listener)
