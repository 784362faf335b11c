"""/timezone EST from a learner in New York: the tz database's "EST" is a fixed UTC-5, so from March to November
their day, streak and reminder ran an hour off their clock. Abbreviations are read as the zone of a place that
keeps that clock, summer time included, and the reply names it; one that names several clocks (CST: Chicago's,
China's) asks for a city. Offsets (UTC+3) stay fixed zones, as typed."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from bot.content.library import ContentLibrary
from bot.engine import QuizEngine
from bot.i18n import UiTexts
from bot.replies import Actor, NoticeCode
from content import default_content_dir
from tests.core.wiring import build_engine
from tests.fakes.clock import FixedClock
from tests.fakes.storage import FakeDatabase

AMARA = Actor("telegram", "amara")  # the fake clock stands at 09:00 UTC on Monday 5 January 2026


@pytest.mark.parametrize(("typed", "zone", "time"), [
    ("EST", "America/New_York", "04:00"), ("edt", "America/New_York", "04:00"), ("ET", "America/New_York", "04:00"),
    ("CDT", "America/Chicago", "03:00"), ("MDT", "America/Denver", "02:00"), ("PST", "America/Los_Angeles", "01:00"),
    ("PDT", "America/Los_Angeles", "01:00"), ("AKST", "America/Anchorage", "00:00"),
    ("HST", "Pacific/Honolulu", "23:00"),
    ("CEST", "Europe/Paris", "10:00"), ("MSK", "Europe/Moscow", "12:00"), ("JST", "Asia/Tokyo", "18:00"),
    ("AEST", "Australia/Sydney", "20:00"), ("NZDT", "Pacific/Auckland", "22:00"),
])
async def test_an_abbreviation_is_a_place_that_keeps_that_clock_and_the_reply_names_it(
        engine: QuizEngine, typed: str, zone: str, time: str) -> None:
    notice = await engine.set_time_zone(AMARA, typed)
    assert notice.text.startswith(f"Your time zone is now {zone} ({typed.upper()}): it is {time} there. "), notice.text
    assert (await engine.set_time_zone(AMARA, "")).text.startswith(f"Your time zone is {zone}:")


async def test_a_reminder_set_with_est_comes_at_seven_on_a_new_york_clock_in_summer(
        engine: QuizEngine, fake_db: FakeDatabase, clock: FixedClock) -> None:
    clock.now = datetime(2026, 7, 6, 12, 0, tzinfo=UTC)  # summer: New York is UTC-4
    await engine.set_time_zone(AMARA, "EST")
    await engine.set_reminders(AMARA, "on 19:00")
    assert fake_db.state.users[("telegram", "amara")].reminder_due == datetime(2026, 7, 6, 23, 0, tzinfo=UTC)


@pytest.mark.parametrize(("typed", "examples"), [
    ("CST", ("America/Chicago", "Asia/Shanghai", "America/Havana")),
    ("IST", ("Asia/Kolkata", "Europe/Dublin", "Asia/Jerusalem")),
    ("BST", ("Europe/London", "Asia/Dhaka")), ("AST", ("America/Halifax", "Asia/Riyadh")),
    ("MST", ("America/Denver", "America/Phoenix")), ("cet", ("Europe/Paris", "Africa/Algiers")),
    ("EET", ("Europe/Athens", "Africa/Cairo", "Africa/Tripoli")), ("WET", ("Europe/Lisbon", "Africa/Casablanca")),
])
async def test_an_abbreviation_of_several_clocks_asks_for_a_city(
        engine: QuizEngine, typed: str, examples: tuple[str, ...]) -> None:
    notice = await engine.set_time_zone(AMARA, typed)
    assert notice.code is NoticeCode.UNKNOWN_TIME_ZONE and notice.is_error
    assert notice.text.startswith(f"“{typed.upper()}” is used for more than one time zone: send your city or the "
                                  f"name of your zone instead, like {', '.join(examples)}."), notice.text
    assert (await engine.set_time_zone(AMARA, "")).text.startswith("Your time zone is UTC:")  # nothing was set


@pytest.mark.parametrize(("typed", "shown"), [("UTC+3", "UTC+3"), ("GMT-5", "UTC-5"), ("UTC", "UTC"),
                                             ("EST5EDT", "EST5EDT")])
async def test_offsets_and_the_tz_databases_own_rule_names_stay_as_they_were(
        engine: QuizEngine, typed: str, shown: str) -> None:
    assert (await engine.set_time_zone(AMARA, typed)).text.startswith(f"Your time zone is now {shown}:")


@pytest.mark.parametrize("language", ["fr", "sw", "yo", "sn"])
async def test_the_question_which_clock_is_asked_in_the_learners_language(
        library: ContentLibrary, language: str) -> None:
    engine = build_engine(library, FakeDatabase(), FixedClock(), texts=UiTexts.load(default_content_dir() / "locales"))
    await engine.set_language(AMARA, language)
    notice = await engine.set_time_zone(AMARA, "CST")
    assert notice.code is NoticeCode.UNKNOWN_TIME_ZONE and notice.language == language
    assert "America/Chicago, Asia/Shanghai" in notice.text and "more than one" not in notice.text


@pytest.mark.parametrize(("typed", "zone", "all_year"), [
    ("EST", "America/New_York", "America/Panama"), ("est", "America/New_York", "America/Panama"),
    ("AEST", "Australia/Sydney", "Australia/Brisbane"), ("ACST", "Australia/Adelaide", "Australia/Darwin"),
])
async def test_a_standard_time_some_places_keep_all_year_says_its_zone_changes_in_summer(
        engine: QuizEngine, clock: FixedClock, typed: str, zone: str, all_year: str) -> None:
    """A learner in Panama, Jamaica or Cancún who typed "EST" got New York's clock: the same time in winter, so the
    reply's "If your clock shows another time" said nothing wrong, and an hour off all summer (Brisbane's "AEST",
    Sydney's, likewise in the southern summer). The reply says the zone set changes for summer time, and which
    city's to name if theirs stays on that time."""
    clock.now = datetime(2026, 7, 6, 12, 0, tzinfo=UTC)  # New York's summer, Sydney's winter
    notice = await engine.set_time_zone(AMARA, typed)
    assert notice.text.startswith(f"Your time zone is now {zone} ({typed.upper()}): it is "), notice.text
    assert notice.text.endswith(f" there. Its clock changes for summer time: if yours shows another time, or stays on "
                                f"{typed.upper()} all year, name your city instead, like {all_year}."), notice.text


@pytest.mark.parametrize("typed", ["EDT", "ET", "AEDT", "PST", "WAT", "EAT", "JST"])
async def test_an_abbreviation_no_place_keeps_all_year_otherwise_says_nothing_of_summer(
        engine: QuizEngine, typed: str) -> None:
    assert "summer" not in (await engine.set_time_zone(AMARA, typed)).text


@pytest.mark.parametrize(("typed", "zone", "time"), [
    ("HNE", "America/Toronto", "04:00"), ("hae", "America/Toronto", "04:00"), ("HAC", "America/Winnipeg", "03:00"),
    ("HAR", "America/Edmonton", "02:00"), ("HNP", "America/Vancouver", "01:00"), ("HAP", "America/Vancouver", "01:00"),
    ("HNA", "America/Halifax", "05:00"), ("HNT", "America/St_Johns", "05:30"), ("HAEC", "Europe/Paris", "10:00"),
])
async def test_the_abbreviations_french_writes_are_read_as_the_english_ones_are(
        engine: QuizEngine, typed: str, zone: str, time: str) -> None:
    """A learner in Quebec writes Eastern Time "HNE" (heure normale de l'Est) or "HAE" (heure avancée), as the
    Office québécois de la langue française has it: refused as an unknown zone, while "EST" was read."""
    notice = await engine.set_time_zone(AMARA, typed)
    assert notice.text.startswith(f"Your time zone is now {zone} ({typed.upper()}): it is {time} there. "), notice.text


async def test_yukons_standard_time_kept_all_year_is_named_and_saskatchewans_asks_which(engine: QuizEngine) -> None:
    """Yukon keeps Mountain Standard Time all year, as Alberta does not; Saskatchewan Central, as Manitoba does not
    (as many learners in each: which, as MST asks)."""
    assert (await engine.set_time_zone(AMARA, "HNR")).text.endswith(
        "all year, name your city instead, like America/Whitehorse.")
    notice = await engine.set_time_zone(AMARA, "HNC")
    assert notice.code is NoticeCode.UNKNOWN_TIME_ZONE and "America/Winnipeg, America/Regina" in notice.text


async def test_central_european_time_written_in_french_asks_which_as_cet_does(engine: QuizEngine) -> None:
    for typed in ("HNEC", "HEC"):
        notice = await engine.set_time_zone(AMARA, typed)
        assert notice.code is NoticeCode.UNKNOWN_TIME_ZONE and "Europe/Paris, Africa/Algiers" in notice.text
