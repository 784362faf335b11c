"""A clock the test controls: time moves only when the test (or ``step``) says so."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

START = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)


class FixedClock:
    """Returns ``now``; each call then moves it by ``step`` (zero by default), so orderings are predictable."""

    def __init__(self, now: datetime = START, step: timedelta = timedelta(0)) -> None:
        self.now = now
        self.step = step

    def __call__(self) -> datetime:
        current = self.now
        self.now += self.step
        return current

    def advance(self, delta: timedelta = timedelta(minutes=1)) -> None:
        self.now += delta
