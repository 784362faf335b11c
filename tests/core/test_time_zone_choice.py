"""/timezone: a name sets the learner's zone; no name says which is in use and how to change it."""

from __future__ import annotations

from bot.engine import QuizEngine
from bot.replies import Actor, NoticeCode

AMARA = Actor("telegram", "amara")  # the fake clock stands at 09:00 UTC


async def test_no_name_shows_the_zone_in_use_and_how_to_change_it(engine: QuizEngine) -> None:
    shown = await engine.set_time_zone(AMARA, "  ")
    assert shown.text == ("Your time zone is UTC: it is 09:00 there. To change it, send /timezone followed by a name "
                          "like Africa/Lagos or Europe/Paris, or an offset like UTC+3.") and not shown.is_error
    assert (await engine.set_time_zone(AMARA, "africa/lagos")).text == \
        "Your time zone is now Africa/Lagos: it is 10:00 there."
    assert (await engine.set_time_zone(AMARA, "")).text.startswith("Your time zone is Africa/Lagos: it is 10:00")


async def test_the_replies_that_say_how_to_choose_a_zone_show_an_offset_too(engine: QuizEngine) -> None:
    """/timezone takes an offset ("UTC+3"), but the replies that say what to send named only zones: a learner who
    knew their offset, not their zone's name, wasn't told it would do. The example they give is taken."""
    for refused in ("Atlantis", "UTC+99"):
        assert (await engine.set_time_zone(AMARA, refused)).text.endswith(
            "Africa/Harare or Europe/Paris, or an offset like UTC+3."), refused
    assert (await engine.set_time_zone(AMARA, "", typed=True)).text.endswith(
        "“timezone” followed by a name like Africa/Lagos or Europe/Paris, or an offset like UTC+3.")
    assert (await engine.set_time_zone(AMARA, "UTC+3")).text == "Your time zone is now UTC+3: it is 12:00 there."


async def test_a_region_is_no_zone(engine: QuizEngine) -> None:
    refused = await engine.set_time_zone(AMARA, "Africa")
    assert refused.code is NoticeCode.UNKNOWN_TIME_ZONE and "“Africa”" in refused.text


async def test_a_city_alone_names_its_zone_however_it_is_typed(engine: QuizEngine) -> None:
    assert (await engine.set_time_zone(AMARA, "Tokyo")).text == "Your time zone is now Asia/Tokyo: it is 18:00 there."
    assert (await engine.set_time_zone(AMARA, "new york")).text.startswith("Your time zone is now America/New_York:")
    assert (await engine.set_time_zone(AMARA, "São Paulo")).text.startswith("Your time zone is now America/Sao_Paulo:")
    # A city two names link to: the tz database's own (both tell the same time).
    assert "America/Argentina/Buenos_Aires" in (await engine.set_time_zone(AMARA, "Buenos Aires")).text
    # A city before the old name of one part that tells the same time; Australia's old state names are no cities.
    assert (await engine.set_time_zone(AMARA, "Singapore")).text.startswith("Your time zone is now Asia/Singapore:")
    for no_city in ("Africa", "Etc", "Atlantis", "North", "West"):
        assert (await engine.set_time_zone(AMARA, no_city)).code is NoticeCode.UNKNOWN_TIME_ZONE


async def test_a_zone_typed_in_full_width_names_it_as_typed_in_ascii(engine: QuizEngine) -> None:
    # A Chinese or Japanese input method left on sends "Ａｓｉａ／Ｓｈａｎｇｈａｉ": the terminal folds its lines, the
    # chat platforms pass the argument on as typed, as they do /reminders ｏｎ １９：３０ (which is understood).
    for typed in ("Ａｓｉａ／Ｓｈａｎｇｈａｉ", "Ａｓｉａ/Ｓｈａｎｇｈａｉ", "ａｓｉａ／ｓｈａｎｇｈａｉ"):
        assert (await engine.set_time_zone(AMARA, typed)).text == \
            "Your time zone is now Asia/Shanghai: it is 17:00 there."
    assert (await engine.set_time_zone(AMARA, "Ａｆｒｉｃａ")).code is NoticeCode.UNKNOWN_TIME_ZONE  # still no zone
    assert (await engine.set_time_zone(AMARA, "ｌｏｃａｌｔｉｍｅ")).code is NoticeCode.UNKNOWN_TIME_ZONE


async def test_a_full_name_typed_with_spaces_or_accents_names_its_zone(engine: QuizEngine) -> None:
    # The city alone was found so ("New York", "São Paulo"); written after its region, as the examples show a name,
    # it was refused: the tz database spells a space "_" and has no accents.
    for typed, zone in (("America/New York", "America/New_York"), ("africa/dar es salaam", "Africa/Dar_es_Salaam"),
                        ("America/São Paulo", "America/Sao_Paulo"), ("Asia / Tokyo", "Asia/Tokyo")):
        assert (await engine.set_time_zone(AMARA, typed)).text.startswith(f"Your time zone is now {zone}:"), typed
    for no_zone in ("America/New Yorkshire", "Africa/Lagos Nigeria", "America/"):
        assert (await engine.set_time_zone(AMARA, no_zone)).code is NoticeCode.UNKNOWN_TIME_ZONE, no_zone


async def test_a_zone_pasted_with_invisible_marks_names_its_zone(engine: QuizEngine) -> None:
    # Copied from a web page or a right-to-left chat, a name carries marks nobody sees (a zero-width space, a
    # left-to-right mark, a byte-order mark): the learner was told their "Europe/Paris" was unknown.
    for pasted in ("Europe/Paris\u200b", "\u200eEurope/Paris", "\ufeffEurope/\u2068Paris\u2069", "Par\u00adis"):
        assert (await engine.set_time_zone(AMARA, pasted)).text == \
            "Your time zone is now Europe/Paris: it is 10:00 there.", ascii(pasted)
