"""Time zones named by the learner's country ("Kenya", "Sénégal", Yoruba's "Nàìjíríà"), in any of our languages:
Babel's (CLDR's) names of territories and its zones of each. A country whose every clock shows one time is read as
its zone; one of several clocks (the United States, DR Congo) is asked for a city, some of its zones shown."""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from datetime import datetime, timedelta
from functools import cache
from zoneinfo import ZoneInfo, available_timezones

from babel import Locale
from babel.core import get_global

from bot.fixed_clocks import SUMMER_TIME_CITIES
from bot.languages import DEFAULT_LANGUAGE, SUPPORTED_LANGUAGES
from bot.text import name_as_seen
from bot.zone_abbreviations import ABBREVIATED_ZONES, SHARED_ABBREVIATIONS

# Names learners often write that Babel gives no language of ours, as _country_key spells them: "Kenia" (as
# Spanish, German or Polish write it), the short names, the United Kingdom's nations and the older or everyday names
# (Holland, Burma, Uingereza, Swahili's for Britain). Not "Naija": it is Yoruba's name for Niger, as Babel says.
# "Congo" is the DR Congo's, of two clocks, so the learner is asked for a city (Kinshasa's is Brazzaville's time)
# rather than given the other Congo's clock, which Lubumbashi's learners don't keep.
COUNTRY_ALIASES = {
    "kenia": "KE", "usa": "US", "uk": "GB", "drc": "CD", "rdc": "CD",
    "england": "GB", "angleterre": "GB", "scotland": "GB", "ecosse": "GB", "wales": "GB", "paysdegalles": "GB",
    "northernireland": "GB", "irlandedunord": "GB", "britain": "GB", "greatbritain": "GB", "grandebretagne": "GB",
    "uingereza": "GB", "holland": "NL", "hollande": "NL", "burma": "MM", "birmanie": "MM", "america": "US",
    "amerique": "US", "congo": "CD",
}
# The country a refusal names as an example, in the learner's language: Nigeria, whose Africa/Lagos it names first.
EXAMPLE_COUNTRY = "NG"
# How many zones a country of several clocks is shown with, each of another clock.
ZONES_SHOWN = 3
# How far ahead two zones must show the same time to be one clock: a whole year, summer time included.
DAYS_COMPARED = 366


@dataclass(frozen=True)
class Country:
    code: str  # ISO 3166's, as Babel keys territories ("KE")
    zones: tuple[str, ...]  # the zones we have of it, those many learners live by first


def country_named(name: str) -> Country | None:
    """The country ``name`` names in any of our languages, in any case and with or without accents; else None."""
    code = _countries_by_key().get(_country_key(name))
    return None if code is None else Country(code, _zones_of(code))


def country_name(code: str, language: str) -> str:
    """The country's name in ``language`` (Babel's Shona names fewer countries than its English: English then)."""
    return (_territory_names(language).get(code) or _territory_names(DEFAULT_LANGUAGE).get(code)) or code


def one_clock(country: Country, now: datetime) -> str | None:
    """The country's zone when all its zones show the same time for the coming year (Germany's Berlin and
    Büsingen): the first, by our order; None when they differ (the United States)."""
    clocks = [ZoneInfo(name) for name in country.zones]
    for day in range(DAYS_COMPARED if len(clocks) > 1 else 0):  # one zone is one clock
        moment = now + timedelta(days=day)
        if len({moment.astimezone(clock).utcoffset() for clock in clocks}) > 1:
            return None
    return country.zones[0]


def zones_to_choose(country: Country, now: datetime) -> tuple[str, ...]:
    """A few of the country's zones, each of a clock showing another time now, those many learners live by first."""
    shown: dict[timedelta | None, str] = {}
    for name in country.zones:
        shown.setdefault(now.astimezone(ZoneInfo(name)).utcoffset(), name)
    return tuple(shown.values())[:ZONES_SHOWN]


@cache
def _zones_of(code: str) -> tuple[str, ...]:
    """The country's zones this system has, those our abbreviations and summer-time cities name first (New York
    before Adak): Babel lists them in no order a learner would choose from."""
    zones = [name for name in get_global("territory_zones").get(code, ()) if name in _known_zones()]
    ranked = list(dict.fromkeys([*ABBREVIATED_ZONES.values(), *SUMMER_TIME_CITIES,
                                 *(zone for shared in SHARED_ABBREVIATIONS.values() for zone in shared)]))
    return tuple(sorted(zones, key=lambda name: ranked.index(name) if name in ranked else len(ranked)))


@cache
def _countries_by_key() -> dict[str, str]:
    """Each country's names in our languages, by _country_key, to its code; the aliases last, as Babel's win. Only
    territories with a zone: "Africa" or "World" name no country's clock."""
    with_zones = set(get_global("territory_zones")) - {"001"}  # the world's: Etc/Unknown
    countries: dict[str, str] = {}
    for language in SUPPORTED_LANGUAGES:
        for code, name in _territory_names(language).items():
            if code in with_zones and _zones_of(code):
                countries.setdefault(_country_key(name), code)
    return {**COUNTRY_ALIASES, **countries}


@cache
def _known_zones() -> frozenset[str]:
    """Listing the zones reads the whole tz database's folder: once, not for each of Babel's 249 territories."""
    return frozenset(available_timezones())


@cache
def _territory_names(language: str) -> dict[str, str]:
    return dict(Locale.parse(language).territories)


def _country_key(name: str) -> str:
    """A name as typed or as Babel spells it, alike: letters and digits only, without accents, in any case and width:
    "Côte d’Ivoire" and "cote divoire", Yoruba's "Ṣimibabe" and "Simibabe" agree."""
    plain = unicodedata.normalize("NFKD", name_as_seen(name))
    return "".join(char for char in plain.casefold() if char.isalnum() and not unicodedata.combining(char))
