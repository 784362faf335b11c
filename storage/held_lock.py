"""What a process lock (storage/process_lock.py) is to the process holding it: held or not, and lost for good or
not."""

from __future__ import annotations

import asyncio
from typing import Protocol


class LockHeld(Exception):
    """Another process holds the lock."""


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
