"""/timezone with an offset from UTC, as many learners know their clock ("UTC+3", "GMT-5", "+03:00"): a whole
hour is the Etc/GMT zone of that offset (whose name has the sign inverted, as POSIX has it), and is shown as typed;
an offset that is not a whole hour has no such zone, and the reply says to name a city instead."""

from __future__ import annotations

import pytest

from bot.calendar import known_zone
from bot.content.library import ContentLibrary
from bot.engine import QuizEngine
from bot.i18n import UiTexts
from bot.replies import Actor, NoticeCode
from content import default_content_dir
from tests.core.wiring import build_engine
from tests.fakes.clock import FixedClock
from tests.fakes.storage import FakeDatabase

ADA = Actor("telegram", "ada")


@pytest.mark.parametrize(("typed", "stored"), [
    ("UTC+3", "Etc/GMT-3"), ("utc+3", "Etc/GMT-3"), ("GMT-5", "Etc/GMT+5"), ("+03:00", "Etc/GMT-3"),
    ("UTC +03", "Etc/GMT-3"), ("UTC−5", "Etc/GMT+5"), ("-0500", "Etc/GMT+5"), ("UTC+14", "Etc/GMT-14"),
    ("GMT-12:00", "Etc/GMT+12"), ("UTC+0", "UTC"), ("ＵＴＣ＋３", "Etc/GMT-3"),
])
def test_an_offset_of_whole_hours_is_the_etc_zone_of_that_offset(typed: str, stored: str) -> None:
    assert str(known_zone(typed)) == stored


@pytest.mark.parametrize("typed", ["UTC+15", "GMT-13", "UTC+3:60", "UTC+", "+", "UTC+3+4", "UTC+123"])
def test_no_zone_is_that_far_from_utc(typed: str) -> None:
    assert known_zone(typed) is None


async def test_an_offset_is_set_and_shown_the_way_the_learner_wrote_it(engine: QuizEngine) -> None:
    notice = await engine.set_time_zone(ADA, "UTC+3")
    assert not notice.is_error
    assert notice.text == "Your time zone is now UTC+3: it is 12:00 there."  # 09:00 UTC
    assert "(UTC+3)" in (await engine.set_reminders(ADA, "on 19:00")).text
    assert (await engine.set_time_zone(ADA, "")).text.startswith("Your time zone is UTC+3: it is 12:00 there.")
    assert (await engine.set_time_zone(ADA, "GMT-5")).text == (  # New York's winter clock: not its summer's
        "Your time zone is now UTC-5: it is 04:00 there. It stays at UTC-5 all year, with no summer time: if your "
        "clock changes in summer, name your city instead, like America/New_York.")


@pytest.mark.parametrize("typed", ["UTC+05:30", "+5:30", "GMT+5:45", "UTC-03:30", "\u200fUTC+5:30\u200e"])
async def test_an_offset_not_of_whole_hours_asks_for_a_city(engine: QuizEngine, typed: str) -> None:
    notice = await engine.set_time_zone(ADA, typed)
    assert notice.code is NoticeCode.UNKNOWN_TIME_ZONE and notice.is_error
    assert "not a whole number of hours" in notice.text and "Asia/Kolkata" in notice.text
    assert (await engine.set_time_zone(ADA, "")).text.startswith("Your time zone is UTC:")  # nothing was set


@pytest.mark.parametrize("language", ["fr", "sw", "yo", "sn"])
async def test_the_reply_about_an_offset_of_part_of_an_hour_is_in_the_learners_language(
        library: ContentLibrary, language: str) -> None:
    engine = build_engine(library, FakeDatabase(), FixedClock(), texts=UiTexts.load(default_content_dir() / "locales"))
    await engine.set_language(ADA, language)
    notice = await engine.set_time_zone(ADA, "UTC+05:30")
    assert notice.code is NoticeCode.UNKNOWN_TIME_ZONE and notice.language == language
    assert "Asia/Kolkata" in notice.text and "not a whole number" not in notice.text
