"""Counting transactions through the storage layer: what an action really costs the database."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from sqlalchemy import event
from sqlalchemy.ext.asyncio import AsyncEngine


@contextmanager
def counting(database: AsyncEngine) -> Iterator[list[int]]:
    """A one-item list holding how many transactions began on ``database`` inside the block."""
    began = [0]

    def count(_connection: Any) -> None:
        began[0] += 1

    event.listen(database.sync_engine, "begin", count)
    try:
        yield began
    finally:
        event.remove(database.sync_engine, "begin", count)
