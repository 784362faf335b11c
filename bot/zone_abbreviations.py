"""Time zones named by the abbreviation a learner's clock is known by ("WAT", "EAT"): each read as the zone of one
place that keeps that clock, which the reply names, so a learner whose clock differs can name their city instead."""

from __future__ import annotations

import unicodedata

# One place each, whose zone tells the time the abbreviation names all year round. None of Africa's keeps summer
# time: every city in West Africa Time shows what Lagos shows.
ABBREVIATED_ZONES: dict[str, str] = {
    "WAT": "Africa/Lagos", "CAT": "Africa/Maputo", "EAT": "Africa/Nairobi", "SAST": "Africa/Johannesburg",
}


def abbreviation(name: str) -> str | None:
    """The abbreviation ``name`` is, in capitals ("eat", "ＥＡＴ": "EAT"), if it is one we read; else None."""
    # As calendar.known_zone reads a name: full width folded, invisible marks (a pasted zero-width space) dropped.
    plain = "".join(char for char in unicodedata.normalize("NFKC", name) if unicodedata.category(char) != "Cf")
    upper = plain.strip().upper()
    return upper if upper in ABBREVIATED_ZONES else None
