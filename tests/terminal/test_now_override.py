"""`quiztutor play --now`: the day to pretend it is, or, for a learner far from UTC, the moment with its offset."""

from __future__ import annotations

import subprocess
import sys
from datetime import UTC, date, datetime, timedelta, timezone

import pytest

from adapters.cli.commands import build_parser
from adapters.platforms import chat_platforms
from adapters.terminal.session import clock_from


def now_of(value: str) -> date:
    moment: date = build_parser(chat_platforms()).parse_args(["play", "--now", value]).now
    return moment


def test_a_moment_with_its_offset_is_that_moment() -> None:
    """In Auckland (UTC+13) at 10:00 on 15 January, "--now 2027-01-15" was 15 January at this moment's UTC time of
    day: in the evening, 16 January there. The learner could not say "15 January, 10:00, here": refused."""
    for typed in ("2027-01-15T10:00+13:00", "2027-01-15 10:00+13:00", "2027-01-14T21:00Z"):
        moment = now_of(typed)
        assert moment == datetime(2027, 1, 15, 10, tzinfo=timezone(timedelta(hours=13))), typed
        clock = clock_from(moment)
        assert abs(clock() - datetime(2027, 1, 14, 21, tzinfo=UTC)) < timedelta(minutes=1)  # and runs on from there


def test_a_bare_date_is_that_day_in_utc_at_this_moments_time_of_day() -> None:
    clock = clock_from(now_of("2027-01-15"))
    real = datetime.now(UTC)
    assert abs(clock() - datetime.combine(date(2027, 1, 15), real.timetz())) < timedelta(minutes=1)


@pytest.mark.parametrize(("typed", "said"), [
    ("2027-01-15T10:00", "give its UTC offset, e.g. 2027-01-15T10:00+01:00 (Z for UTC)"),  # whose 10:00?
    ("someday", "use YYYY-MM-DD, e.g. 2027-01-15, or a date and time with its UTC offset"),
    ("2027-13-01T10:00+01:00", "use YYYY-MM-DD"),
    ("2999-12-31T23:00-05:00", "out of range: pick a day from 2000-01-01 to 2999-12-31"),  # 3000 in UTC
])
def test_a_malformed_or_far_moment_is_refused_with_exit_code_2(typed: str, said: str, env: dict[str, str]) -> None:
    refused = subprocess.run([sys.executable, "-m", "adapters.cli.main", "play", "--now", typed], env=env,
                             capture_output=True, text=True, timeout=60)
    assert refused.returncode == 2 and said in refused.stderr, refused.stderr
    assert "Traceback" not in refused.stderr
