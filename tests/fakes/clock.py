"""A clock the test controls: time moves only when the test (or ``step``) says so."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import overload

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


@overload
def utc(value: datetime) -> datetime: ...
@overload
def utc(value: None) -> None: ...
def utc(value: datetime | None) -> datetime | None:
    """As the database keeps times: the same instant in UTC; a naive time is refused, as storage/ refuses it."""
    if value is None:
        return None
    if value.tzinfo is None:
        raise ValueError("naive datetimes are ambiguous; pass a timezone-aware one")
    return value.astimezone(UTC)
