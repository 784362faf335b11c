"""Dates as each language writes them: CLDR's (through Babel), but for a language CLDR has no patterns for.

CLDR's Shona inherits its root locale's ISO-like order, "2026 Zvita 8, Chipiri" and "Zvi 8", which no Shona
writer uses: Zimbabwe writes the day first, as CLDR's own Zimbabwean English does ("Tuesday, 08 December 2026"),
so Shona takes that order with its own names of days and months."""

from __future__ import annotations

from datetime import date

from babel.dates import format_date, format_skeleton

# A language's patterns where CLDR's are only root's: a weekday and a date in full, a day and its month's short
# name, a day and its month in numbers.
DAY_FIRST_PATTERNS = {"sn": {"full": "EEEE, d MMMM y", "MMMd": "d MMM", "Md": "d/M"}}


def full_date(day: date, language: str) -> str:
    """"Tuesday, January 6, 2026", "Chipiri, 6 Ndira 2026"."""
    pattern = DAY_FIRST_PATTERNS.get(language, {}).get("full", "full")
    return format_date(day, format=pattern, locale=language)


def day_of_month(day: date, language: str, skeleton: str) -> str:
    """A day with its month, short: ``skeleton`` "MMMd" ("Dec 13", "13 Zvi") or "Md" ("12/13", "13/12")."""
    pattern = DAY_FIRST_PATTERNS.get(language, {}).get(skeleton)
    if pattern is not None:
        return format_date(day, format=pattern, locale=language)
    return format_skeleton(skeleton, day, locale=language)
