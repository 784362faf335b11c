"""Saying something at most once per key and period: hints to people who keep doing the same thing."""

from __future__ import annotations

import time
from collections import OrderedDict
from collections.abc import Callable, Hashable

REMEMBERED = 5000  # keys kept; the oldest is forgotten first (in memory: after a restart one more hint is fine)


class OncePer:
    """``allow(key)`` is True the first time, then False until ``period`` seconds passed (None: never again); with
    a ``value``, also True as soon as it differs from the one last allowed for ``key``."""

    def __init__(self, period: float | None, *, clock: Callable[[], float] = time.monotonic,
                 remembered: int = REMEMBERED) -> None:
        self._period = period
        self._clock = clock
        self._remembered = remembered
        self._last: OrderedDict[Hashable, tuple[float, Hashable]] = OrderedDict()  # key -> when, with what

    def allow(self, key: Hashable, value: Hashable = None) -> bool:
        now = self._clock()
        last = self._last.get(key)
        if last is not None and last[1] == value and (self._period is None or now - last[0] < self._period):
            return False
        self._last[key] = (now, value)
        self._last.move_to_end(key)
        if len(self._last) > self._remembered:
            self._last.popitem(last=False)
        return True

    def forget(self, key: Hashable) -> None:
        """As if ``key`` was never allowed: the next ``allow`` is True."""
        self._last.pop(key, None)
