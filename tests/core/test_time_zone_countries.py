"""/timezone Kenya, as a learner who knows their country better than a city of the tz database writes it, was
refused. A country's name, in any of our five languages, in any case and without its accents, sets its zone when
the whole country keeps one clock, and the reply names the country in the learner's language; a country of several
clocks asks for a city, with a few of its zones to choose from. "England", "Holland" and "Congo", which Babel
names no country, are read too (the DR Congo's two clocks: a city is asked for)."""

from __future__ import annotations

from zoneinfo import ZoneInfo

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


@pytest.mark.parametrize(("typed", "zone", "country", "time"), [
    ("Kenya", "Africa/Nairobi", "Kenya", "12:00"), ("KENYA", "Africa/Nairobi", "Kenya", "12:00"),
    ("nigeria", "Africa/Lagos", "Nigeria", "10:00"), ("Zimbabwe", "Africa/Harare", "Zimbabwe", "11:00"),
    ("France", "Europe/Paris", "France", "10:00"),
    ("Sénégal", "Africa/Dakar", "Senegal", "09:00"),  # French
    ("Naijiria", "Africa/Lagos", "Nigeria", "10:00"), ("Nàìjíríà", "Africa/Lagos", "Nigeria", "10:00"),  # Yoruba
    ("Ṣimibabe", "Africa/Harare", "Zimbabwe", "11:00"),  # Yoruba
    ("Ufaransa", "Europe/Paris", "France", "10:00"), ("Afrika Kusini", "Africa/Johannesburg", "South Africa",
                                                      "11:00"),  # Swahili
    ("Kameruni", "Africa/Douala", "Cameroon", "10:00"),  # Swahili, Shona
    ("Côte d'Ivoire", "Africa/Abidjan", "Côte d’Ivoire", "09:00"), ("cote divoire", "Africa/Abidjan",
                                                                    "Côte d’Ivoire", "09:00"),
    ("Kenia", "Africa/Nairobi", "Kenya", "12:00"),  # as many write it, in no language of ours
    # A nation of the United Kingdom, and everyday names Babel doesn't give, in English, French and Swahili.
    ("England", "Europe/London", "United Kingdom", "09:00"), ("Écosse", "Europe/London", "United Kingdom", "09:00"),
    ("Uingereza", "Europe/London", "United Kingdom", "09:00"), ("Holland", "Europe/Amsterdam", "Netherlands",
                                                                "10:00"),
    # Every clock of Germany, of Argentina, shows the same time all year: one is as good as another.
    ("Allemagne", "Europe/Berlin", "Germany", "10:00"), ("Argentina", "America/Argentina/Buenos_Aires",
                                                        "Argentina", "06:00"),
])
async def test_a_country_of_one_clock_sets_its_zone_and_names_it(
        engine: QuizEngine, typed: str, zone: str, country: str, time: str) -> None:
    notice = await engine.set_time_zone(AMARA, typed)
    assert notice.text == f"Your time zone is now {zone} ({country}): it is {time} there."
    assert not notice.is_error
    assert (await engine.set_time_zone(AMARA, "")).text.startswith(f"Your time zone is {zone}: it is {time} there.")


@pytest.mark.parametrize(("typed", "country", "count"), [
    ("USA", "United States", 3), ("Canada", "Canada", 3), ("Brésil", "Brazil", 3), ("Australia", "Australia", 3),
    ("Russia", "Russia", 3), ("RDC", "Congo - Kinshasa", 2), ("Kongo - Kinshasa", "Congo - Kinshasa", 2),
    ("Congo", "Congo - Kinshasa", 2),  # asked for a city, not given the other Congo's clock
])
async def test_a_country_of_several_clocks_asks_for_a_city_with_some_of_its_zones(
        engine: QuizEngine, typed: str, country: str, count: int) -> None:
    refused = await engine.set_time_zone(AMARA, typed)
    assert refused.code is NoticeCode.UNKNOWN_TIME_ZONE
    head, _, zones = refused.text.partition(": send your city or the name of your zone instead, like ")
    assert head == f"{country} has more than one time zone"
    named = zones.removesuffix(".").split(", ")
    now = FixedClock().now
    assert len(named) == count and len({now.astimezone(ZoneInfo(name)).utcoffset() for name in named}) == count
    assert (await engine.set_time_zone(AMARA, "")).text.startswith("Your time zone is UTC:")  # none was set


async def test_a_city_that_is_its_country_is_set_as_a_city(engine: QuizEngine) -> None:
    assert (await engine.set_time_zone(AMARA, "Singapore")).text.startswith("Your time zone is now Asia/Singapore:")
    assert (await engine.set_time_zone(AMARA, "Atlantis")).code is NoticeCode.UNKNOWN_TIME_ZONE


@pytest.mark.parametrize(("language", "typed", "zone", "country"), [
    ("fr", "Afrique du Sud", "Africa/Johannesburg", "Afrique du Sud"), ("fr", "Kenya", "Africa/Nairobi", "Kenya"),
    ("sw", "Senegal", "Africa/Dakar", "Senegali"), ("yo", "Nigeria", "Africa/Lagos", "Nàìjíríà"),
    ("sn", "Zimbabwe", "Africa/Harare", "Zimbabwe"),
])
async def test_the_country_is_named_in_the_learners_language(
        library: ContentLibrary, language: str, typed: str, zone: str, country: str) -> None:
    engine = build_engine(library, FakeDatabase(), FixedClock(), texts=UiTexts.load(default_content_dir() / "locales"))
    await engine.set_language(AMARA, language)
    _ = engine.localizer_for(language)
    notice = await engine.set_time_zone(AMARA, typed)
    assert not notice.is_error and notice.language == language
    before_time = _("Your time zone is now {zone} ({country}): it is {time} there.", zone=zone, country=country,
                    time="\0").partition("\0")[0]
    assert notice.text.startswith(before_time) and "(" + country + ")" in before_time
    assert "Your time zone" not in notice.text
    refused = await engine.set_time_zone(AMARA, "Canada")
    assert refused.code is NoticeCode.UNKNOWN_TIME_ZONE and refused.language == language
    assert "has more than one time zone" not in refused.text and "America/" in refused.text


@pytest.mark.parametrize(("language", "country"), [("en", "Nigeria"), ("fr", "Nigeria"), ("yo", "Nàìjíríà"),
                                                   ("sw", "Nigeria"), ("sn", "Nigeria")])
async def test_a_city_without_a_zone_of_its_own_is_told_its_country_would_do(
        library: ContentLibrary, language: str, country: str) -> None:
    """Ibadan, Mombasa, Bulawayo have no zone of the tz database: the refusal named zones only, not that the
    learner's country is understood."""
    engine = build_engine(library, FakeDatabase(), FixedClock(), texts=UiTexts.load(default_content_dir() / "locales"))
    await engine.set_language(AMARA, language)
    refused = await engine.set_time_zone(AMARA, "Ibadan")
    assert refused.code is NoticeCode.UNKNOWN_TIME_ZONE
    assert refused.text == engine.localizer_for(language)(
        "I don't know the time zone “{name}”. Use your country's name, like {country}, or a zone's, like "
        "Africa/Lagos, Africa/Nairobi, Africa/Harare or Europe/Paris, or an offset like UTC+3.", name="Ibadan",
        country=country)
    assert "Ibadan" in refused.text and country in refused.text
