"""Streaks: days in a row with at least one answer, in the learner's time zone; one missed day a week is
forgiven (a freeze, as Duolingo has)."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date, timedelta

FREEZE_EVERY = 7  # days: at most one freeze within any seven


def streak(active_days: Iterable[date], today: date) -> int:
    """Active days in the run that reaches today (or yesterday: today isn't over). A single missed day inside
    the run is bridged if no other was bridged within the week before it; it doesn't count as a day."""
    return streak_run(active_days, today)[0]


def streak_run(active_days: Iterable[date], today: date) -> tuple[int, date]:
    """The streak, and the missed day that ends it (the run is read back from today to it and the day before
    it): a caller that read only recent days knows whether the run may go on before them."""
    days = set(active_days)
    day = today if today in days else today - timedelta(days=1)
    count, last_freeze = 0, None
    while True:
        if day in days:
            count += 1
        elif (day - timedelta(days=1)) in days and (last_freeze is None or (last_freeze - day).days >= FREEZE_EVERY):
            last_freeze = day  # one missed day between two active ones: frozen, not counted
        else:
            return count, day
        day -= timedelta(days=1)
