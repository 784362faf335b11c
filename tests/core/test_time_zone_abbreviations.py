"""/timezone with the abbreviation a learner's clock is known by: Africa's WAT, CAT, EAT and SAST are each read as one
place's zone (none keeps summer time), and the reply names the zone chosen, in the learner's language."""

from __future__ import annotations

import pytest

from bot.content.library import ContentLibrary
from bot.engine import QuizEngine
from bot.i18n import UiTexts
from bot.replies import Actor
from content import default_content_dir
from tests.core.wiring import build_engine
from tests.fakes.clock import FixedClock
from tests.fakes.storage import FakeDatabase

AMARA = Actor("telegram", "amara")  # the fake clock stands at 09:00 UTC
NOT_YOUR_CLOCK = "If your clock shows another time, name your city instead."


@pytest.mark.parametrize(("typed", "zone", "time"), [
    ("WAT", "Africa/Lagos", "10:00"), ("wat", "Africa/Lagos", "10:00"), ("CAT", "Africa/Maputo", "11:00"),
    ("EAT", "Africa/Nairobi", "12:00"), (" Eat ", "Africa/Nairobi", "12:00"), ("SAST", "Africa/Johannesburg", "11:00"),
    ("ＷＡＴ", "Africa/Lagos", "10:00"),
])
async def test_an_african_abbreviation_sets_a_zone_and_says_which(
        engine: QuizEngine, typed: str, zone: str, time: str) -> None:
    notice = await engine.set_time_zone(AMARA, typed)
    abbreviation = typed.strip().upper().replace("Ｗ", "W").replace("Ａ", "A").replace("Ｔ", "T")
    assert notice.text == f"Your time zone is now {zone} ({abbreviation}): it is {time} there. {NOT_YOUR_CLOCK}"
    assert not notice.is_error
    assert (await engine.set_time_zone(AMARA, "")).text.startswith(f"Your time zone is {zone}: it is {time} there.")


@pytest.mark.parametrize("language", ["fr", "sw", "yo", "sn"])
async def test_the_zone_chosen_for_an_abbreviation_is_told_in_the_learners_language(
        library: ContentLibrary, language: str) -> None:
    engine = build_engine(library, FakeDatabase(), FixedClock(), texts=UiTexts.load(default_content_dir() / "locales"))
    await engine.set_language(AMARA, language)
    notice = await engine.set_time_zone(AMARA, "EAT")
    assert not notice.is_error and notice.language == language
    assert "Africa/Nairobi" in notice.text and "EAT" in notice.text and "12:00" in notice.text
    assert NOT_YOUR_CLOCK not in notice.text and "Your time zone" not in notice.text
