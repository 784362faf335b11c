"""The tz database's zones that keep one offset all year and name no place: GMT, Greenwich, an offset typed (UTC-5,
stored as Etc/GMT+5), and the EST, MST and HST a learner may still have from before abbreviations were read as
places. A Londoner's "GMT", a New Yorker's "UTC-5" typed in January, runs an hour off their clock all summer: the
reply names a city whose clock keeps summer time from that offset, for them to name theirs instead."""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

# Not UTC (Etc/UTC, UCT, Zulu): a learner who names UTC chooses the time of no place's clock, and is not told so.
FIXED_CLOCK = re.compile(r"^(?:Etc/)?(?:GMT(?:[+-]?\d{1,2})?|Greenwich|EST|MST|HST)$")
# Cities that keep summer time, each the one many learners of its standard time live by, in the order chosen from
# when two show the same time.
SUMMER_TIME_CITIES = ("Europe/London", "Europe/Paris", "Europe/Athens", "America/New_York", "America/Chicago",
                      "America/Denver", "America/Los_Angeles", "America/Anchorage", "America/Halifax",
                      "America/Santiago", "Australia/Sydney", "Pacific/Auckland")


@dataclass(frozen=True)
class SummerTimeCity:
    offset: str  # the fixed clock's, as "UTC-5"
    city: str


def summer_time_city(zone: ZoneInfo, now: datetime) -> SummerTimeCity | None:
    """For a clock of one offset all year, the first city whose standard time is that offset, else whose clock
    shows it now (Athens's summer, for UTC+3 in July); None for any other zone, or an offset no city of ours keeps
    summer time from (UTC+5: no learner's clock there changes)."""
    if not FIXED_CLOCK.match(str(zone)):
        return None
    fixed = now.astimezone(zone).utcoffset() or timedelta(0)

    def standard(city: ZoneInfo) -> timedelta:
        local = now.astimezone(city)
        return (local.utcoffset() or timedelta(0)) - (local.dst() or timedelta(0))

    cities = [ZoneInfo(name) for name in SUMMER_TIME_CITIES]
    found = (next((city for city in cities if standard(city) == fixed), None)
             or next((city for city in cities if now.astimezone(city).utcoffset() == fixed), None))
    if found is None:
        return None
    return SummerTimeCity(f"UTC{int(fixed.total_seconds() // 3600):+d}", str(found))
