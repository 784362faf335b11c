"""The rules of a group game on their own: points, the speed bonus, ties, the question time, the week."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from bot.games.records import PlayerRecord
from bot.games.rules import clamp_seconds, places, points, standings, week_start

T0 = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)


@pytest.mark.parametrize(("correct", "answer_ms", "expected"), [
    (True, 0, 150),  # at once: the whole bonus
    (True, 15_000, 125),  # half the time: half the bonus
    (True, 30_000, 100),  # at the buzzer: no bonus
    (True, 31_500, 100),  # in the grace after the buzzer: still no negative bonus
    (True, -500, 150),  # a clock that stepped back can't earn more than the cap
    (False, 0, 0),
])
def test_a_right_answer_earns_100_plus_a_capped_bonus_for_speed(correct: bool, answer_ms: int, expected: int) -> None:
    assert points(correct, answer_ms, 30) == expected


def player(user_id: int, score: int, answer_ms: int, answered: int = 2) -> PlayerRecord:
    return PlayerRecord("g", user_id, f"p{user_id}", T0, 0, score=score, answer_ms=answer_ms, answered=answered)


def test_standings_put_the_most_points_first_and_break_ties_by_total_answer_time() -> None:
    ranked = standings([player(1, 200, 9000), player(2, 250, 20000), player(3, 200, 4000)])
    assert [p.user_id for p in ranked] == [2, 3, 1]


def test_a_tie_on_points_and_time_shares_a_place_and_the_next_place_skips() -> None:
    ranked = standings([player(1, 150, 0), player(2, 150, 200), player(3, 150, 200), player(4, 100, 0),
                        player(5, 0, 0, answered=0), player(6, 0, 0, answered=0)])
    assert places(ranked) == [1, 2, 2, 4, 5, 5]


def test_on_equal_points_who_answered_ranks_above_who_never_did() -> None:
    # Never answering took 0 ms in all: the quickest total, which won the tie.
    ranked = standings([player(1, 0, 0, answered=0), player(2, 0, 12_000, answered=1)])
    assert [p.user_id for p in ranked] == [2, 1]


@pytest.mark.parametrize(("given", "expected"), [(None, 30), (5, 10), (45, 45), (10_000, 300)])
def test_the_question_time_stays_within_what_every_platform_shows(given: int | None, expected: int) -> None:
    assert clamp_seconds(given) == expected


def test_the_week_starts_on_monday_at_midnight_utc() -> None:
    sunday_night = datetime(2026, 1, 11, 23, 59, tzinfo=UTC)
    assert week_start(sunday_night) == datetime(2026, 1, 5, tzinfo=UTC)
    assert week_start(datetime(2026, 1, 12, 0, 0, tzinfo=UTC)) == datetime(2026, 1, 12, tzinfo=UTC)
