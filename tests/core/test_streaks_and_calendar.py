"""Streaks with a weekly freeze, and the learner's calendar: time zones and reminder times."""

from __future__ import annotations

from datetime import UTC, date, datetime, time, timedelta

import pytest

from bot.calendar import known_zone, local_day, next_at, parse_time_of_day
from bot.streaks import streak

TODAY = date(2027, 1, 15)


def days_ago(*offsets: int) -> list[date]:
    return [TODAY - timedelta(days=offset) for offset in offsets]


@pytest.mark.parametrize(("active", "expected"), [
    (days_ago(0, 1, 2), 3),
    (days_ago(1, 2), 2),  # today isn't over: yesterday's run still stands
    (days_ago(2, 3), 2),  # nothing yesterday, nothing yet today: yesterday is frozen, the run stands
    (days_ago(3, 4), 0),  # two days missed before today: the run ended
    (days_ago(0, 1, 3, 4), 4),  # one missed day bridged: 4 active days
    (days_ago(0, 2, 4), 2),  # two freezes within a week: only the first bridges
    (days_ago(0, 2, 3, 4, 5, 6, 7, 8, 10), 9),  # freezes eight days apart both bridge
    (days_ago(0, 1, 4), 2),  # two missed days in a row break the run
    ([], 0),
])
def test_a_streak_counts_active_days_forgiving_one_missed_day_a_week(active: list[date], expected: int) -> None:
    assert streak(active, TODAY) == expected


def test_a_missed_yesterday_is_forgiven_before_todays_answer() -> None:
    assert streak(days_ago(2, 3, 4), TODAY) == 3


def test_time_zones_are_iana_names_in_any_case_and_nothing_else() -> None:
    assert str(known_zone("Africa/Nairobi")) == "Africa/Nairobi"
    assert str(known_zone("africa/lagos")) == "Africa/Lagos"
    for bad in ("Mars/Olympus", "../../etc/passwd", "", "/etc/localtime", "Africa/../../x", "Africa", "europe",
                "y" * 300):
        assert known_zone(bad) is None, bad


def test_files_of_the_zone_folder_that_name_no_place_are_no_zone() -> None:
    """"localtime" is the server's own zone: stored, it would change meaning on another machine."""
    for not_a_place in ("localtime", "LocalTime", "posixrules", "Factory", "right/UTC", "posix/Africa/Lagos"):
        assert known_zone(not_a_place) is None, not_a_place
    assert str(known_zone("Etc/GMT+1")) == "Etc/GMT+1" and str(known_zone("utc")) == "UTC"


def test_a_day_is_the_learners_own() -> None:
    late_evening_utc = datetime(2027, 1, 15, 22, 30, tzinfo=UTC)
    assert local_day(late_evening_utc, "Africa/Nairobi") == date(2027, 1, 16)  # UTC+3: already tomorrow
    assert local_day(late_evening_utc, None) == date(2027, 1, 15)


def test_a_reminder_time_is_read_leniently_and_falls_next_at_that_local_time() -> None:
    assert parse_time_of_day("19:00") == time(19, 0) and parse_time_of_day("7.30") == time(7, 30)
    assert parse_time_of_day("19h05") == time(19, 5)
    assert parse_time_of_day("25:00") is None and parse_time_of_day("tonight") is None
    noon_utc = datetime(2027, 1, 15, 12, 0, tzinfo=UTC)
    assert next_at(time(19, 0), "Africa/Nairobi", noon_utc) == datetime(2027, 1, 15, 16, 0, tzinfo=UTC)
    assert next_at(time(9, 0), "Africa/Nairobi", noon_utc) == datetime(2027, 1, 16, 6, 0, tzinfo=UTC)
    spring = datetime(2027, 3, 28, 0, 30, tzinfo=UTC)  # Europe/Paris skips 02:00-03:00 that night
    assert next_at(time(2, 30), "Europe/Paris", spring) > spring
