"""The progress chart's day labels fit its axis in every language, the month still readable."""

from __future__ import annotations

from datetime import date

import pytest

from bot.progress_view import DAY_LABEL_LETTERS, day_label


@pytest.mark.parametrize(("language", "label"), [
    ("en", "Dec 13"), ("fr", "13 déc."), ("sw", "13 Des"),
    ("sn", "13 Zvi"),  # before, "Zvi 13": CLDR's root order, Shona having no patterns of its own
    ("yo", "13/12"),  # "13 Oṣù Ọ̀pẹ̀" would be cut to "13 Oṣù Ọ̀…", the month lost
])
def test_a_day_is_named_by_its_short_month_or_in_numbers_where_that_is_too_long(language: str, label: str) -> None:
    assert day_label(date(2026, 12, 13), language) == label


@pytest.mark.parametrize("language", ["en", "fr", "sw", "yo", "sn"])
def test_every_day_of_the_year_fits(language: str) -> None:
    days = [date(2026, month, 28) for month in range(1, 13)]
    assert all(len(day_label(day, language)) <= DAY_LABEL_LETTERS for day in days)
