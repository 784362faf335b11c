"""/timezone GMT from a learner in London set the tz database's GMT, which keeps UTC+0 all year: from March to
October their days and reminders ran an hour off their clock (BST), and nothing said so; "UTC-5" from a New Yorker
in January likewise, all summer. The zone is set as asked (GMT is all of Dakar's and Accra's year), and the reply
says it stays at that offset all year and names a city whose clock keeps summer time from it. UTC, chosen as such,
and an offset no such city keeps (UTC+5), are set without a word more."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from bot.content.library import ContentLibrary
from bot.engine import QuizEngine
from bot.i18n import UiTexts
from bot.records import UserRecord
from bot.replies import Actor
from content import default_content_dir
from tests.core.wiring import build_engine
from tests.fakes.clock import FixedClock
from tests.fakes.storage import FakeDatabase

ADA = Actor("telegram", "ada")  # the fake clock stands at 09:00 UTC on Monday 5 January 2026
SUMMER = datetime(2026, 7, 6, 9, 0, tzinfo=UTC)


def stays(offset: str, city: str) -> str:
    return (f" It stays at {offset} all year, with no summer time: if your clock changes in summer, name your city "
            f"instead, like {city}.")


@pytest.mark.parametrize(("typed", "shown", "time", "offset", "city"), [
    ("GMT", "GMT", "09:00", "UTC+0", "Europe/London"), ("gmt", "GMT", "09:00", "UTC+0", "Europe/London"),
    ("Greenwich", "Greenwich", "09:00", "UTC+0", "Europe/London"), ("GMT0", "GMT0", "09:00", "UTC+0", "Europe/London"),
    ("Etc/GMT", "Etc/GMT", "09:00", "UTC+0", "Europe/London"),
    ("UTC-5", "UTC-5", "04:00", "UTC-5", "America/New_York"), ("GMT-5", "UTC-5", "04:00", "UTC-5", "America/New_York"),
    ("UTC+1", "UTC+1", "10:00", "UTC+1", "Europe/Paris"), ("Etc/GMT-2", "UTC+2", "11:00", "UTC+2", "Europe/Athens"),
])
async def test_a_clock_that_keeps_one_offset_all_year_is_set_and_said_to_keep_no_summer_time(
        engine: QuizEngine, typed: str, shown: str, time: str, offset: str, city: str) -> None:
    notice = await engine.set_time_zone(ADA, typed)
    assert not notice.is_error
    assert notice.text == f"Your time zone is now {shown}: it is {time} there." + stays(offset, city)


@pytest.mark.parametrize("typed", ["UTC", "utc", "Etc/UTC", "Zulu", "UTC+0", "UTC+3", "UTC+5", "Africa/Lagos",
                                   "Asia/Tokyo", "Europe/London", "EDT", "WAT"])
async def test_utc_a_place_or_an_offset_no_summer_shares_is_set_without_a_word_about_summer(
        engine: QuizEngine, typed: str) -> None:
    notice = await engine.set_time_zone(ADA, typed)
    assert not notice.is_error and "summer" not in notice.text, notice.text


async def test_in_july_the_city_named_is_one_whose_summer_shows_that_time_when_none_keeps_it_in_winter(
        engine: QuizEngine, clock: FixedClock) -> None:
    clock.now = SUMMER
    assert (await engine.set_time_zone(ADA, "UTC+3")).text.endswith(stays("UTC+3", "Europe/Athens"))
    assert (await engine.set_time_zone(ADA, "GMT")).text.endswith(stays("UTC+0", "Europe/London"))
    assert "summer" not in (await engine.set_time_zone(ADA, "UTC+5")).text


async def test_a_learner_left_on_the_tz_databases_est_is_told_so_when_they_ask_their_zone(
        engine: QuizEngine, fake_db: FakeDatabase) -> None:
    """Set before abbreviations were read as places: EST is still their zone, a fixed UTC-5."""
    await engine.set_time_zone(ADA, "Africa/Lagos")
    user: UserRecord = fake_db.state.users[("telegram", "ada")]
    user.time_zone = "EST"
    notice = await engine.set_time_zone(ADA, "")
    assert notice.text.startswith("Your time zone is EST: it is 04:00 there. To change it, send /timezone ")
    assert notice.text.endswith(stays("UTC-5", "America/New_York"))


@pytest.mark.parametrize("language", ["fr", "sw", "yo", "sn"])
async def test_the_word_about_summer_is_in_the_learners_language(library: ContentLibrary, language: str) -> None:
    engine = build_engine(library, FakeDatabase(), FixedClock(), texts=UiTexts.load(default_content_dir() / "locales"))
    await engine.set_language(ADA, language)
    notice = await engine.set_time_zone(ADA, "GMT")
    assert notice.language == language and "Europe/London" in notice.text and "UTC+0" in notice.text
    assert "summer" not in notice.text
