"""A reply's language field: every reply the engine gives carries the language its words are in."""

from __future__ import annotations

from dataclasses import field
from typing import Any

from bot.languages import DEFAULT_LANGUAGE


def ui_language() -> Any:
    """Every reply says which language the learner reads, so an adapter can put its own words (button labels,
    hints) beside it with a pure ``localizer_for(language)`` instead of asking the engine again. Not compared:
    two replies that say the same thing are equal whatever they carry for the adapter."""
    return field(default=DEFAULT_LANGUAGE, compare=False)
