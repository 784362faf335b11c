"""A learner's time zone and their daily reminder: stored with them, so a sweep can find who is due."""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

from bot.calendar import city_zone, known_zone, local_day, parse_time_of_day, utc_offset, zone, zone_label
from bot.country_zones import EXAMPLE_COUNTRY, country_name, country_named, one_clock, zones_to_choose
from bot.fixed_clocks import summer_time_city
from bot.i18n import Localizer
from bot.notices import ECHOED
from bot.reminder_plan import next_reminder
from bot.replies import Actor, Notice, NoticeCode
from bot.spoken_time import UNCLEAR, examples, spoken_time
from bot.text import echoed, folded, without_marks
from bot.turns import Turn
from bot.usecases.core import Core
from bot.zone_abbreviations import ABBREVIATED_ZONES, KEPT_ALL_YEAR_IN, SHARED_ABBREVIATIONS, abbreviation

DEFAULT_REMINDER = "19:00"
OFF_WORDS = frozenset({"off", "stop", "no", "none"})


class Scheduling:
    def __init__(self, core: Core) -> None:
        self._core = core

    async def set_time_zone(self, actor: Actor, name: str, *, typed: bool = False) -> Notice:
        """``typed``: the command that changes it is named as typed in the terminal, not sent as /timezone."""
        async def choose(turn: Turn) -> Notice:
            _, user = turn.words, turn.user
            # No name (or only marks that show as nothing): the zone in use, and the command that changes it.
            if not without_marks(name).strip() and user is not None:
                now, current = self._core.clock(), zone(user.time_zone)
                time, shown = f"{now.astimezone(current):%H:%M}", zone_label(str(current))
                if typed:
                    said = _("Your time zone is {zone}: it is {time} there. To change it, type “timezone” followed by "
                             "a name like Africa/Lagos or Europe/Paris, or an offset like UTC+3.", zone=shown,
                             time=time)
                else:
                    said = _("Your time zone is {zone}: it is {time} there. To change it, send /timezone followed by a "
                             "name like Africa/Lagos or Europe/Paris, or an offset like UTC+3.", zone=shown, time=time)
                return Notice(_with_summer_word(said, _, current, now), language=_.language)
            # An abbreviation ("WAT") before the tz database's names: its "EST" is a fixed UTC-5, no New Yorker's clock.
            abbreviated = abbreviation(name)
            if abbreviated in SHARED_ABBREVIATIONS:
                return Notice(_("“{name}” is used for more than one time zone: send your city or the name of your zone "
                                "instead, like {zones}.", name=abbreviated,
                                zones=", ".join(SHARED_ABBREVIATIONS[abbreviated])),
                              NoticeCode.UNKNOWN_TIME_ZONE, _.language)
            # A country ("Kenya") before the tz database's names, but after a city of its own ("Singapore").
            country = None if abbreviated or city_zone(name) else country_named(name)
            country_zone = one_clock(country, self._core.clock()) if country else None
            if country and country_zone is None:
                # Translators: {country} is the country's name in the learner's language, as Babel (CLDR) gives it.
                return Notice(_("{country} has more than one time zone: send your city or the name of your zone "
                                "instead, like {zones}.", country=country_name(country.code, _.language),
                                zones=", ".join(zones_to_choose(country, self._core.clock()))),
                              NoticeCode.UNKNOWN_TIME_ZONE, _.language)
            found = (ZoneInfo(ABBREVIATED_ZONES[abbreviated]) if abbreviated else ZoneInfo(country_zone)
                     if country_zone else known_zone(name) if name.strip() else None)
            if user is None or found is None:
                shown = echoed(name, ECHOED)
                if (offset := utc_offset(name)) is not None and offset % 60:  # no fixed zone keeps such an offset
                    return Notice(_("“{name}” is not a whole number of hours from UTC, and only places keep such a "
                                    "time: send the name of your zone or its city instead, like Asia/Kolkata or "
                                    "Asia/Kathmandu.", name=shown), NoticeCode.UNKNOWN_TIME_ZONE, _.language)
                # A city with no zone of its own (Ibadan, Mombasa): its country is understood.
                return Notice(_("I don't know the time zone “{name}”. Use your country's name, like {country}, or a "
                                "zone's, like Africa/Lagos, Africa/Nairobi, Africa/Harare or Europe/Paris, or an "
                                "offset like UTC+3.", name=shown, country=country_name(EXAMPLE_COUNTRY, _.language)),
                              NoticeCode.UNKNOWN_TIME_ZONE, _.language)
            now = self._core.clock()
            planned = _sent_today(user.reminder_due, user.time_zone, now)
            user.time_zone = str(found)
            if user.reminder_time is not None:  # the reminder follows the learner's clock
                user.reminder_due = next_reminder(user.reminder_time, user.time_zone, now, planned,
                                                  user.reminder_sent_at)
            await turn.uow.users.update(user)
            await turn.uow.commit()
            local = now.astimezone(found)
            if abbreviated and (all_year := KEPT_ALL_YEAR_IN.get(abbreviated)):  # the same time only in winter
                return Notice(_("Your time zone is now {zone} ({abbreviation}): it is {time} there. Its clock changes "
                                "for summer time: if yours shows another time, or stays on {abbreviation} all year, "
                                "name your city instead, like {city}.", zone=user.time_zone, abbreviation=abbreviated,
                                time=f"{local:%H:%M}", city=all_year), language=_.language)
            if country:  # the whole country keeps this clock: no other to name
                return Notice(_("Your time zone is now {zone} ({country}): it is {time} there.", zone=user.time_zone,
                                country=country_name(country.code, _.language), time=f"{local:%H:%M}"),
                              language=_.language)
            if abbreviated:  # one place's zone, of the places that share the abbreviation: which, and what if not
                return Notice(_("Your time zone is now {zone} ({abbreviation}): it is {time} there. If your clock "
                                "shows another time, name your city instead.", zone=user.time_zone,
                                abbreviation=abbreviated, time=f"{local:%H:%M}"), language=_.language)
            said = _("Your time zone is now {zone}: it is {time} there.", zone=zone_label(user.time_zone),
                     time=f"{local:%H:%M}")
            return Notice(_with_summer_word(said, _, found, now), language=_.language)
        return await self._core.turns.run(actor, choose)

    async def set_reminders(self, actor: Actor, text: str) -> Notice:
        """``on [19:00]`` or a time: a reminder each day at that local time, when something is due; ``off``: none;
        nothing: say how it stands."""
        async def choose(turn: Turn) -> Notice:
            _, user = turn.words, turn.user
            if user is None:
                raise RuntimeError("reminders are set for a stored user")
            # "ｏｆｆ", "１９：００" too (typed with an input method on), and a time in a right-to-left chat's marks
            words = without_marks(folded(text)).split()
            zone_name = zone_label(str(zone(user.time_zone)))
            if not words:
                if user.paused_reminder_time is not None:  # privately, Turns brought them back already
                    # How they come back, apart: a platform that knows the learner can't write (blocked) says its own
                    step = _("Write to me privately and they start again.")
                    paused = _("Your reminders at {time} ({zone}) are paused: the last one couldn't reach you.",
                               time=user.paused_reminder_time, zone=zone_name)
                    return Notice(f"{paused} {step}", NoticeCode.REMINDERS_PAUSED, _.language, next_step=step)
                if user.reminder_time is None:
                    return Notice(_("Reminders are off. Send /reminders on 19:00 to get one a day when questions are "
                                    "due."), language=_.language)
                return Notice(_("I remind you at {time} ({zone}) on days when questions are due.",
                                time=user.reminder_time, zone=zone_name), NoticeCode.REMINDERS_STAND_ON, _.language)
            if words[0] in OFF_WORDS:
                # The plan stays until it passes (the sweep then drops it): after today's reminder it is
                # tomorrow's, and keeps a reminder turned on again today to a later day.
                user.reminder_time = user.paused_reminder_time = None  # theirs: not back when they next write
                await turn.uow.users.update(user)
                await turn.uow.commit()
                return Notice(_("Reminders are off."), language=_.language)
            # The time is all that follows "on", in as many words as it is written ("19 h 30", "7:30 pm"): a word
            # left unread would be a misread setting.
            wanted = " ".join(words[1:] if words[0] == "on" else words) or DEFAULT_REMINDER
            local = parse_time_of_day(wanted) or spoken_time(wanted)  # "19:00", or "saa moja usiku" said
            if local is UNCLEAR:
                return Notice(_("I can't tell which time “{text}” is: say the part of the day, as in {examples} (each "
                                "is 19:00), or write it on the 24-hour clock, as in /reminders on 19:00.",
                                text=echoed(text, 40), examples=examples(_.language)), NoticeCode.BAD_REMINDER,
                              _.language)
            if local is None:
                return Notice(_("I didn't understand “{text}”. Send /reminders on 19:00, or /reminders off.",
                                text=echoed(text, 40)), NoticeCode.BAD_REMINDER, _.language)
            user.reminder_time, user.paused_reminder_time = f"{local:%H:%M}", None
            user.reminder_due = next_reminder(user.reminder_time, user.time_zone, self._core.clock(),
                                              user.reminder_due, user.reminder_sent_at)
            await turn.uow.users.update(user)
            await turn.uow.commit()
            return Notice(_("I'll remind you at {time} ({zone}) on days when questions are due. Change your time zone "
                            "with /timezone.", time=user.reminder_time, zone=zone_name), NoticeCode.REMINDERS_ON,
                          _.language)
        return await self._core.turns.run(actor, choose)


def _with_summer_word(said: str, _: Localizer, clock: ZoneInfo, now: datetime) -> str:
    """``said``, and for a clock of one offset all year (GMT, UTC-5), that it keeps no summer time and which city's
    does: a Londoner's "GMT" is an hour off their clock all summer."""
    if (summer := summer_time_city(clock, now)) is None:
        return said
    return said + " " + _("It stays at {offset} all year, with no summer time: if your clock changes in summer, name "
                          "your city instead, like {city}.", offset=summer.offset, city=summer.city)


def _sent_today(planned: datetime | None, time_zone: str | None, now: datetime) -> datetime | None:
    """The reminder planned, if it tells that today's was sent (for a learner last reminded before 0017 kept
    when): a plan for a later day on the clock it was made on (a sent reminder plans the next day's). One for
    today, or overdue, was not sent yet: a new zone may remind today at its time there, though on the new clock
    that plan falls on another day (moving east, tomorrow)."""
    if planned is None or local_day(planned, time_zone) <= local_day(now, time_zone):
        return None
    return planned
