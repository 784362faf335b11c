"""Time zones named by the abbreviation a learner's clock is known by ("WAT", "EST"): each read as the zone of one
place that keeps that clock, summer time included, which the reply names, so a learner whose clock differs can name
their city instead. The tz database's own "EST", "MST" and "HST" are fixed offsets, no New Yorker's clock in July."""

from __future__ import annotations

from bot.text import name_as_seen

# One place each, whose zone tells the time the abbreviation names all year round: its standard and its summer
# names alike (a New Yorker types "EDT" in July, "EST" in January, "ET" in either). None of Africa's keeps summer
# time: every city in West Africa Time shows what Lagos shows.
ABBREVIATED_ZONES: dict[str, str] = {
    "WAT": "Africa/Lagos", "CAT": "Africa/Maputo", "EAT": "Africa/Nairobi", "SAST": "Africa/Johannesburg",
    **dict.fromkeys(("EST", "EDT", "ET"), "America/New_York"),
    **dict.fromkeys(("CDT", "CT"), "America/Chicago"),
    **dict.fromkeys(("MDT", "MT"), "America/Denver"),
    **dict.fromkeys(("PST", "PDT", "PT"), "America/Los_Angeles"),
    **dict.fromkeys(("AKST", "AKDT"), "America/Anchorage"),
    "HST": "Pacific/Honolulu", "ADT": "America/Halifax", **dict.fromkeys(("NST", "NDT"), "America/St_Johns"),
    # A summer name only Europe's summer keeps (Algeria's CET has no summer time); not "WEST", "West" is no place.
    "CEST": "Europe/Paris", "MSK": "Europe/Moscow",
    "JST": "Asia/Tokyo", "KST": "Asia/Seoul", "HKT": "Asia/Hong_Kong", "SGT": "Asia/Singapore",
    "PKT": "Asia/Karachi", "WIB": "Asia/Jakarta",
    **dict.fromkeys(("AEST", "AEDT"), "Australia/Sydney"), **dict.fromkeys(("ACST", "ACDT"), "Australia/Adelaide"),
    "AWST": "Australia/Perth", **dict.fromkeys(("NZST", "NZDT"), "Pacific/Auckland"),
    # As French writes them (heure normale / avancée de l'Est...), in Quebec and the rest of Canada.
    **dict.fromkeys(("HNE", "HAE"), "America/Toronto"), "HAC": "America/Winnipeg",
    **dict.fromkeys(("HNR", "HAR"), "America/Edmonton"), **dict.fromkeys(("HNP", "HAP"), "America/Vancouver"),
    **dict.fromkeys(("HNA", "HAA"), "America/Halifax"), **dict.fromkeys(("HNT", "HAT"), "America/St_Johns"),
    "HAEC": "Europe/Paris",  # heure avancée d'Europe centrale: CEST
}
# Standard times read as a place that changes its clock for summer, which other places keep all year: Panama, Jamaica
# and Cancún keep EST, Queensland AEST, the Northern Territory ACST, Yukon HNR (heure normale des Rocheuses, MST).
# The reply names the place, for their learners.
KEPT_ALL_YEAR_IN: dict[str, str] = {"EST": "America/Panama", "AEST": "Australia/Brisbane",
                                    "ACST": "Australia/Darwin", "HNR": "America/Whitehorse"}
# Abbreviations of clocks that differ, by offset or by keeping summer time or not: any one place would be wrong for
# many who type it, so the learner is asked for a city, these examples showing the choice.
SHARED_ABBREVIATIONS: dict[str, tuple[str, ...]] = {
    "CST": ("America/Chicago", "Asia/Shanghai", "America/Havana"),
    "IST": ("Asia/Kolkata", "Europe/Dublin", "Asia/Jerusalem"),
    "BST": ("Europe/London", "Asia/Dhaka"),
    "AST": ("America/Halifax", "Asia/Riyadh"),
    "MST": ("America/Denver", "America/Phoenix"),  # Arizona keeps no summer time
    "HNC": ("America/Winnipeg", "America/Regina"),  # heure normale du Centre: Saskatchewan keeps no summer time
    **dict.fromkeys(("CET", "HNEC", "HEC"), ("Europe/Paris", "Africa/Algiers")),  # Algeria, Tunisia keep no summer
    "EET": ("Europe/Athens", "Africa/Cairo", "Africa/Tripoli"),
    "EEST": ("Europe/Athens", "Africa/Cairo"),  # Egypt's summer starts and ends on days of its own
    "WET": ("Europe/Lisbon", "Africa/Casablanca"),
}


def abbreviation(name: str) -> str | None:
    """The abbreviation ``name`` is, in capitals ("eat", "ＥＡＴ": "EAT"), if it is one we know; else None."""
    upper = name_as_seen(name).strip().upper()  # as calendar.known_zone reads a name
    return upper if upper in ABBREVIATED_ZONES or upper in SHARED_ABBREVIATIONS else None
