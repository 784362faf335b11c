"""One asyncio lock per key (a user, a game), so one process handles a key's actions one at a time."""

from __future__ import annotations

import asyncio
import weakref
from collections.abc import Hashable
from typing import Generic, TypeVar

from bot.replies import Actor

K = TypeVar("K", bound=Hashable)


class KeyedLocks(Generic[K]):
    """Locks by key; a lock nobody holds or waits for is forgotten."""

    def __init__(self) -> None:
        self._locks: weakref.WeakValueDictionary[K, asyncio.Lock] = weakref.WeakValueDictionary()

    def of(self, key: K) -> asyncio.Lock:
        lock = self._locks.get(key)
        if lock is None:
            lock = self._locks[key] = asyncio.Lock()
        return lock


class UserLocks:
    """Locks by (platform, user id). The unique (session, question) constraint in storage guards against other
    processes."""

    def __init__(self) -> None:
        self._locks: KeyedLocks[tuple[str, str]] = KeyedLocks()

    def of(self, actor: Actor) -> asyncio.Lock:
        return self._locks.of((actor.platform, actor.user_id))
