"""One asyncio lock per user, so one process handles a user's actions one at a time."""

from __future__ import annotations

import asyncio
import weakref

from bot.replies import Actor


class UserLocks:
    """Locks by (platform, user id); a lock nobody holds or waits for is forgotten."""

    def __init__(self) -> None:
        # The unique (session, question) constraint in storage guards against other processes.
        self._locks: weakref.WeakValueDictionary[tuple[str, str], asyncio.Lock] = weakref.WeakValueDictionary()

    def of(self, actor: Actor) -> asyncio.Lock:
        key = (actor.platform, actor.user_id)
        lock = self._locks.get(key)
        if lock is None:
            lock = self._locks[key] = asyncio.Lock()
        return lock


class KeyedLocks:
    """Locks by any string key (a game's id); a lock nobody holds or waits for is forgotten."""

    def __init__(self) -> None:
        self._locks: weakref.WeakValueDictionary[str, asyncio.Lock] = weakref.WeakValueDictionary()

    def of(self, key: str) -> asyncio.Lock:
        lock = self._locks.get(key)
        if lock is None:
            lock = self._locks[key] = asyncio.Lock()
        return lock
