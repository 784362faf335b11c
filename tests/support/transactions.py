"""Counting units of work through the storage layer: what an action really costs the database."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager

from bot.metrics import NullMetrics


class CountingTransactions(NullMetrics):
    """Metrics that count the units of work the storage layer reports ended: a transaction on PostgreSQL, a
    savepoint in the SQLite writer's group-committed transaction (storage/sqlite_unit_of_work.py), whether kept or
    not."""

    def __init__(self) -> None:
        self.ended = 0

    def observe_transaction(self, seconds: float) -> None:
        self.ended += 1

    @contextmanager
    def counting(self) -> Iterator[Callable[[], int]]:
        """How many units of work ended since the block began."""
        start = self.ended
        yield lambda: self.ended - start
