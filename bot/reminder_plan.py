"""When a learner's next daily reminder comes, and their reminders back on once they talk to the bot again after
it could not reach them."""

from __future__ import annotations

from datetime import datetime, timedelta

from bot.calendar import local_day, next_at, parse_time_of_day, start_of_day
from bot.records import UserRecord


def next_reminder(reminder_time: str, time_zone: str | None, now: datetime, planned: datetime | None,
                  sent_at: datetime | None) -> datetime:
    """When to remind next at ``reminder_time``, after ``now`` and on a later day than the last reminder
    ``sent_at``, on the clock of ``time_zone``: a new time or zone must not bring a second one that day (an
    hour's shift east would, at once; a move east the morning after an evening's reminder, at its time there).
    A learner reminded before 0017 kept when is told by the reminder ``planned``: not before its day."""
    local = parse_time_of_day(reminder_time)
    if local is None:
        raise ValueError(f"a stored reminder time that isn't one: {reminder_time!r}")
    first_day = (local_day(sent_at, time_zone) + timedelta(days=1) if sent_at is not None
                 else local_day(planned, time_zone) if planned is not None else None)
    after = now
    if first_day is not None:
        day_begins = start_of_day(first_day, time_zone)
        after = max(now, day_begins - timedelta(microseconds=1))  # a reminder at 00:00 that day is on time
    return next_at(local, time_zone, after)


def back_on(user: UserRecord, now: datetime) -> bool:
    """The reminders the bot turned off, unable to deliver one (not the learner's /reminders off), on again at
    their time, planned after the day of the one that failed; whether there were any (the caller writes them)."""
    if user.paused_reminder_time is None:
        return False
    user.reminder_time, user.paused_reminder_time = user.paused_reminder_time, None
    user.reminder_due = next_reminder(user.reminder_time, user.time_zone, now, None, user.reminder_sent_at)
    return True
