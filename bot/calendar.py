"""A learner's own calendar: their time zone (IANA names through zoneinfo), their days, their reminder time."""

from __future__ import annotations

import re
import unicodedata
from datetime import UTC, date, datetime, time, timedelta
from functools import cache
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from bot.text import name_as_seen

# "19:00", "19.00", or as French writes it, "19h00", "19 h 30" (a space each side, in print) and the hour alone,
# "19h". Only these marks: "19 30" or "1930" could be a year or a count as well as a time.
TIME_OF_DAY = re.compile(r"^([01]?\d|2[0-3])(?:[:.]([0-5]\d)|\s*h(?:\s*([0-5]\d))?)$", re.IGNORECASE)
# English's twelve-hour clock, which names its half of the day: "7:30 pm", "7.30pm", "7 p.m.", "12 am" (midnight).
# The other languages' own words for morning and evening are bot/spoken_time.py's: Swahili's "saa moja" counts
# from 06:00, so its digits say another hour than the same digits here.
TWELVE_HOUR_TIME = re.compile(r"^(0?[1-9]|1[0-2])(?:[:.]([0-5]\d))?\s*([ap])\.?\s*m\.?$", re.IGNORECASE)
# Files of the zone folder that name no place: the server's own zone ("localtime", which would change meaning if
# the database moved to another machine), a template, and copies with leap seconds or POSIX rules.
NOT_PLACES = frozenset({"localtime", "posixrules", "factory"})
NOT_PLACE_FOLDERS = frozenset({"posix", "right"})
# The regions whose zones are named after a city, as a learner may type it alone ("Tokyo", a learner seldom knows
# the region IANA files a city under); not Etc/ or US/. Australia's old names of states are no cities: "North"
# or "West" alone names no place.
NOT_CITIES = frozenset(f"Australia/{state}" for state in ("ACT", "LHI", "NSW", "North", "Queensland", "South",
                                                         "Tasmania", "Victoria", "West", "Yancowinna"))
CITY_REGIONS = frozenset({"Africa", "America", "Antarctica", "Arctic", "Asia", "Atlantic", "Australia", "Europe",
                          "Indian", "Pacific"})
# A hyphen between two letters, as in a city's name ("Porto-Novo"): a word break like a space. Not before a digit:
# Etc/GMT-3 is no "Etc/GMT 3".
WORD_HYPHEN = re.compile(r"(?<=[^\W\d_])-(?=[^\W\d_])")
# Twice the longest IANA name ("America/Argentina/ComodRivadavia", 32 characters). zoneinfo looks a name up as
# nested packages, importing one per part: "A/A/A/..." of hundreds of parts overflowed the stack.
ZONE_NAME_LIMIT = 64
# An offset from UTC as learners know their clock: "UTC+3", "GMT-5", "+03:00", "UTC+05:30", "-0500".
UTC_OFFSET = re.compile(r"^(?:utc|gmt)?\s*([+-])\s*(\d{1,2})(?:[:.h]?([0-5]\d))?$", re.IGNORECASE)
# The offsets the tz database has a fixed zone for (Etc/GMT+12 to Etc/GMT-14), in hours east of UTC.
WHOLE_HOUR_OFFSETS = range(-12, 15)
# Etc/GMT zones are named POSIX's way, the sign inverted: Etc/GMT-3 is UTC+3.
ETC_ZONE = re.compile(r"^Etc/GMT([+-])(\d{1,2})$")


def zone(name: str | None) -> ZoneInfo:
    """The learner's zone; UTC when none is set (or a stored name this system no longer knows)."""
    found = known_zone(name) if name else None
    return found or ZoneInfo("UTC")


def known_zone(name: str) -> ZoneInfo | None:
    """The IANA zone called ``name`` ("Africa/Lagos"), or named by its city alone ("Tokyo"), or None. Names are
    case-sensitive in IANA; we are not, nor of width: NFKC reads "Ａｓｉａ／Ｔｏｋｙｏ", as a Chinese or Japanese
    input method sends it, as "Asia/Tokyo"."""
    candidate = name_as_seen(name).strip()  # no zone name has a mark nobody sees
    if (offset := utc_offset(candidate)) is not None:
        return _fixed_zone(offset)
    if (not candidate or len(candidate) > ZONE_NAME_LIMIT or ".." in candidate or candidate.startswith("/")
            or not _names_a_place(candidate)):
        return None  # zoneinfo reads names as file paths: keep it to names of places
    if city := city_zone(candidate):
        return ZoneInfo(city)  # "Singapore": Asia/Singapore, not the old name of one part that tells the same time
    try:
        return ZoneInfo(candidate)
    except (ZoneInfoNotFoundError, ValueError, OSError):  # OSError: a region's folder ("Africa"), a name too long
        return _as_spelled(candidate)


def city_zone(name: str) -> str | None:
    """The zone of the city ``name`` names alone, as known_zone reads it ("Singapore", "São Paulo"); else None."""
    candidate = name_as_seen(name).strip()
    return None if "/" in candidate else _zones_by_city().get(_city_key(candidate))


def utc_offset(text: str) -> int | None:
    """The offset from UTC ``text`` spells ("UTC+3", "GMT-5:30", "+03:00"), in minutes east; None if it spells none."""
    # A typographic minus or a dash, as a phone's keyboard or a pasted page writes one; no invisible marks (as
    # known_zone drops them): a right-to-left chat wraps what is typed in direction marks.
    plain = name_as_seen(text).strip().replace("\u2212", "-").replace("\u2013", "-")
    match = UTC_OFFSET.match(plain)
    if match is None:
        return None
    minutes = int(match[2]) * 60 + int(match[3] or 0)
    return -minutes if match[1] == "-" else minutes


def zone_label(name: str) -> str:
    """A zone's name as a learner reads it: an Etc/GMT zone as the offset it tells ("Etc/GMT-3" is "UTC+3")."""
    match = ETC_ZONE.match(name)
    if match is None or not int(match[2]):
        return name
    return f"UTC{'-' if match[1] == '+' else '+'}{int(match[2])}"


def _fixed_zone(offset: int) -> ZoneInfo | None:
    """The tz database's zone for a whole number of hours east of UTC; None for any other offset."""
    hours, minutes = divmod(offset, 60)
    if minutes or hours not in WHOLE_HOUR_OFFSETS:
        return None
    return ZoneInfo(f"Etc/GMT{-hours:+d}") if hours else ZoneInfo("UTC")


def local_day(moment: datetime, time_zone: str | None) -> date:
    return moment.astimezone(zone(time_zone)).date()


def utc_offset_minutes(moment: datetime, clock: ZoneInfo) -> int:
    """How far the clock was from UTC at ``moment``, in whole minutes (every zone's offset is, today)."""
    offset = moment.astimezone(clock).utcoffset()
    return int((offset or timedelta(0)).total_seconds() // 60)


def day_at_offset(moment: datetime, offset_minutes: int) -> date:
    """The day a clock ``offset_minutes`` from UTC showed at ``moment``."""
    return (moment.astimezone(UTC) + timedelta(minutes=offset_minutes)).date()


def end_of_day(moment: datetime, time_zone: str | None) -> datetime:
    """Midnight after ``moment`` on the learner's clock: what is due before it is due "today"."""
    return start_of_day(moment.astimezone(zone(time_zone)).date() + timedelta(days=1), time_zone)


def start_of_day(day: date, time_zone: str | None) -> datetime:
    """When ``day`` begins on the learner's clock, in UTC: arithmetic on it is then in real time. On the clock's
    own zone Python counts on the clock, and "a moment before" a day that begins where the clock jumps (Nuuk's
    Sunday in March, after 22:59 on Saturday) is a time it skips, read an hour later, in the day itself; where
    the clock goes back to end the day before (Nuuk's in October), it is in the first of its last hour's two
    showings, an hour early."""
    return datetime.combine(day, time(0), tzinfo=zone(time_zone)).astimezone(UTC)


def parse_time_of_day(text: str) -> time | None:
    """"19:00", "7:30", "19h00", "19 h 30", "19.00", "19h" or "7:30 pm" -> a time; anything else -> None."""
    if match := TIME_OF_DAY.match(text.strip()):
        return time(int(match[1]), int(match[2] or match[3] or 0))
    if match := TWELVE_HOUR_TIME.match(text.strip()):
        hour = int(match[1]) % 12 + (12 if match[3].lower() == "p" else 0)  # 12 am is 00:00, 12 pm noon
        return time(hour, int(match[2] or 0))
    return None


def next_at(local: time, time_zone: str | None, after: datetime) -> datetime:
    """The first moment after ``after`` when the learner's clock shows ``local`` (in UTC): the night the clock goes
    back, the second time it shows it too (02:50 set at the second 02:40 is ten minutes away, not tomorrow)."""
    tz = zone(time_zone)
    day = after.astimezone(tz).date()
    for offset in range(3):  # today, else tomorrow (a day after that covers a skipped clock hour)
        for candidate in on_clock_times(day + timedelta(days=offset), local, tz):
            if candidate > after:
                return candidate
    raise RuntimeError("no such time in three days")


def last_at(local: time, time_zone: str | None, moment: datetime) -> datetime:
    """The last moment up to ``moment`` when the learner's clock showed ``local`` (in UTC)."""
    tz = zone(time_zone)
    day = moment.astimezone(tz).date()
    for offset in range(3):  # today, else yesterday (a day before that covers a skipped clock hour)
        for candidate in reversed(on_clock_times(day - timedelta(days=offset), local, tz)):
            if candidate <= moment:
                return candidate
    raise RuntimeError("no such time in three days")


def on_clock_times(day: date, local: time, tz: ZoneInfo) -> tuple[datetime, ...]:
    """Each moment the clock in ``tz`` shows ``local`` on ``day`` (in UTC), earliest first: one (see on_clock), or
    two in the hour a change back to winter time repeats (Paris's 02:30 on the last Sunday of October)."""
    first = on_clock(day, local, tz)
    second = datetime.combine(day, local, tzinfo=tz).replace(fold=1).astimezone(UTC)
    shown = second.astimezone(tz)  # a time the clock skips reads as another one: no second showing
    if second > first and (shown.date(), shown.time()) == (day, local):
        return first, second
    return (first,)


def on_clock(day: date, local: time, tz: ZoneInfo) -> datetime:
    """When the clock in ``tz`` shows ``local`` on ``day`` (in UTC). A time a change of clock skips is read with the
    offset before the jump, as zoneinfo does: as long after the jump as it would have been after the time, that
    day (Paris's 02:30 at 03:30). Where the jump ends the day (America/Nuuk's 23:00 to 00:00), that would be the
    next day, which would then have two reminders and this day none: read with the offset after it instead, as
    long before the jump (Nuuk's 23:30 at 22:30)."""
    moment = datetime.combine(day, local, tzinfo=tz)
    if moment.astimezone(UTC).astimezone(tz).date() != day:  # through UTC: to its own zone it is itself
        moment = moment.replace(fold=1)
    return moment.astimezone(UTC)


def _as_spelled(name: str) -> ZoneInfo | None:
    """The zone ``name`` names in any case, and each part as a city alone is read (_city_key): "africa/lagos",
    "America/New York", "America/São Paulo" (the tz database spells a space "_" and has no accents)."""
    match = _zones_by_key().get(_zone_key(name))
    return ZoneInfo(match) if match and _names_a_place(match) else None


@cache
def _zones_by_key() -> dict[str, str]:
    """Every zone's name by its _zone_key: listing the zones reads the whole tz database's folder, 3.5 ms of the
    event loop each time a learner typed a name it doesn't know as written."""
    from zoneinfo import available_timezones

    return {_zone_key(known): known for known in sorted(available_timezones())}


def _zone_key(name: str) -> str:
    return "/".join(_city_key(part) for part in name.split("/"))


@cache
def _zones_by_city() -> dict[str, str]:
    """The zones of places by their last part ("tokyo": Asia/Tokyo). Where two share one, each is a link to the
    other (America/Buenos_Aires and America/Argentina/Buenos_Aires, Asia/Istanbul and Europe/Istanbul): either
    tells the same time, and the one of more parts is kept, as the tz database's own name is."""
    cities: dict[str, str] = {}
    for known in sorted(_zones_by_key().values(), key=lambda known: (known.count("/"), known)):
        region, _, city = known.rpartition("/")
        if region.split("/")[0] in CITY_REGIONS and known not in NOT_CITIES:
            cities[_city_key(city)] = known
    return cities


def _city_key(city: str) -> str:
    """A city as typed or as the tz database spells it, alike: "São Paulo", "sao_paulo" and "Sao_Paulo" agree, and
    so do "Dar-es-Salaam" (as Tanzanians often write it) and Dar_es_Salaam, "Porto Novo" and Porto-Novo."""
    plain = "".join(char for char in unicodedata.normalize("NFKD", city) if not unicodedata.combining(char))
    return "_".join(WORD_HYPHEN.sub(" ", plain).replace("_", " ").casefold().split())


def _names_a_place(name: str) -> bool:
    folded = name.casefold()
    return folded not in NOT_PLACES and folded.split("/")[0] not in NOT_PLACE_FOLDERS
