"""The whole seconds left to answer, as every platform says them and a Telegram poll stays open for."""

from __future__ import annotations

from bot.time_limits import whole_seconds


def test_the_rule_is_whole_seconds_rounded_down_never_below_zero() -> None:
    assert (whole_seconds(59.4), whole_seconds(59.99), whole_seconds(60), whole_seconds(0.4)) == (59, 59, 60, 0)
    assert whole_seconds(-3) == 0
