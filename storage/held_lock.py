"""What a process lock (storage/process_lock.py) is to the process holding it: held or not, and lost for good or
not."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from typing import Protocol

# A value of an Agreement is PostgreSQL's int4 (the second key of a two-key advisory lock): 0 to 2**31 - 1.
MAX_VALUE = 2**31 - 1


class LockHeld(Exception):
    """Another process holds the lock."""


class Disagreement(LockHeld):
    """Another process holds the agreement named ``str(self)`` with another value, ``theirs``."""

    def __init__(self, name: str, theirs: int) -> None:
        super().__init__(name)
        self.theirs = theirs


@dataclass(frozen=True)
class Agreement:
    """A number every process holding a kind of lock must give alike (a Discord bot's shard count: shards of
    different counts share servers). Each process holds it shared with its own value, beside its locks, so those
    that agree run side by side and one whose value differs from a running process's is refused (Disagreement)."""

    name: str
    value: int

    def __post_init__(self) -> None:
        if not 0 <= self.value <= MAX_VALUE:
            raise ValueError(f"an agreement's value is from 0 to {MAX_VALUE}, not {self.value}")


class HeldLock(Protocol):
    def not_held(self) -> str | None:
        """None while held; else why not, in a few words (/readyz shows it)."""
        ...

    async def lost(self) -> LockHeld:
        """Wait until the lock is lost for good (another process took it); never returns for most."""
        ...


class KeptLock:
    """A lock that can't be lost while the process runs (a file's flock goes only with its descriptor)."""

    def not_held(self) -> str | None:
        return None

    async def lost(self) -> LockHeld:
        await asyncio.Event().wait()  # never set
        raise AssertionError("unreachable")
