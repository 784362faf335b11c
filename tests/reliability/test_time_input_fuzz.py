"""Hypothesis over what learners type for their clock: /timezone (zones, cities, offsets, abbreviations, countries
in our five languages, typed in any case, with or without accents, spaces and punctuation) and /reminders (digits
and the words of Swahili, Yorùbá and Shona). Never a crash; a zone set is one zoneinfo knows; what the bot prints
as an example reads back as itself."""

from __future__ import annotations

import unicodedata
from datetime import UTC, date, datetime, time, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo, available_timezones

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from bot.calendar import city_zone, known_zone, parse_time_of_day, utc_offset, zone_label
from bot.content.library import ContentLibrary
from bot.country_zones import country_name, country_named, one_clock, zones_to_choose
from bot.dates import day_of_month, full_date
from bot.engine import QuizEngine
from bot.fixed_clocks import summer_time_city
from bot.i18n import UiTexts
from bot.languages import SUPPORTED_LANGUAGES
from bot.replies import Actor, NoticeCode
from bot.spoken_time import CLOCK_WORDS, EXAMPLES, HOUR_WORDS, JOINED_PARTS, LINKS, PARTS, SHARP, examples, spoken_time
from bot.zone_abbreviations import ABBREVIATED_ZONES, SHARED_ABBREVIATIONS
from tests.conftest import FIXTURE_CONTENT
from tests.core.wiring import build_engine
from tests.fakes.clock import FixedClock
from tests.fakes.storage import FakeDatabase

LOCALES = Path(__file__).resolve().parents[2] / "content" / "locales"
FUZZ = settings(max_examples=150, deadline=None, derandomize=True, database=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
ZONES = sorted(name for name in available_timezones() if name not in {"Factory", "localtime"})
# The countries we read, as each of our languages names them: the country-name strategy's pool.
COUNTRY_CODES = ["NG", "KE", "ZW", "CD", "US", "FR", "SN", "CI", "TZ", "GB", "DE", "IN", "CN", "AU", "BR", "RU",
                 "ZA", "CM", "ET", "MX", "CA", "ST", "RE", "AX", "BL", "CW", "GF", "KM", "SH", "TL", "VA", "WF"]
# Marks a keyboard or a pasted page adds around a name: punctuation, invisible marks, full-width twins.
DECOR = ["", " ", "  ", ".", "!", "?", "'", "’", "-", "\u200b", "\u200f", "\u00a0", "\u3000", "(", ")", "\t"]


def mangled(name: str, flips: list[bool], accents: list[str], around: tuple[str, str]) -> str:
    """``name`` in another case letter by letter, with accents taken off or put on, and marks around it."""
    bare = "".join(char for char in unicodedata.normalize("NFD", name) if not unicodedata.combining(char))
    chars = [char.swapcase() if flip else char for char, flip in zip(bare, flips + [False] * len(bare), strict=False)]
    with_marks = "".join(char + accent for char, accent in zip(chars, accents + [""] * len(chars), strict=False))
    return around[0] + with_marks + around[1]


ACCENTS = st.lists(st.sampled_from(["", "", "\u0301", "\u0300", "\u0323", "\u0303"]), max_size=20)
AROUND = st.tuples(st.sampled_from(DECOR), st.sampled_from(DECOR))
COUNTRIES = st.builds(lambda code, language: (code, country_name(code, language)), st.sampled_from(COUNTRY_CODES),
                      st.sampled_from(SUPPORTED_LANGUAGES))
OFFSETS = st.builds(lambda prefix, sign, hours, minutes, mark: f"{prefix}{sign}{hours}{mark}{minutes}",
                    st.sampled_from(["UTC", "GMT", "utc", "", "UTC ", "Ｕｔｃ"]), st.sampled_from(["+", "-", "−", "–"]),
                    st.sampled_from(["0", "00", "1", "3", "5", "05", "9", "12", "13", "14", "15", "24", "99"]),
                    st.sampled_from(["", "00", "30", "45", "59", "60", "5"]), st.sampled_from(["", ":", ".", "h"]))
NAMES = st.one_of(st.sampled_from(ZONES), st.sampled_from(ZONES).map(lambda name: name.rpartition("/")[2]),
                  st.sampled_from(sorted({*ABBREVIATED_ZONES, *SHARED_ABBREVIATIONS})), OFFSETS,
                  COUNTRIES.map(lambda country: country[1]), st.text(max_size=30))
MOMENTS = st.datetimes(datetime(2000, 1, 1), datetime(2060, 1, 1), timezones=st.just(UTC))


@FUZZ
@given(COUNTRIES, st.lists(st.booleans(), max_size=30), ACCENTS, AROUND)
def test_a_country_named_in_any_of_our_languages_and_any_spelling_is_that_country(
        country: tuple[str, str], flips: list[bool], accents: list[str], around: tuple[str, str]) -> None:
    code, name = country
    found = country_named(mangled(name, flips, accents, around))
    assert found is not None and found.code == code
    shown = zones_to_choose(found, datetime(2026, 1, 5, tzinfo=UTC))  # "send your city ..., like Africa/Lubumbashi"
    assert all(known_zone(zone_name) == ZoneInfo(zone_name) for zone_name in shown)


@FUZZ
@given(NAMES, MOMENTS)
def test_any_zone_name_reads_as_a_zone_zoneinfo_knows_and_its_label_reads_back(name: str, now: datetime) -> None:
    found = known_zone(name)
    if found is None:
        return
    assert str(found) in available_timezones()
    shown = known_zone(zone_label(str(found)))  # the bot's "Your time zone is UTC+3", typed back
    assert shown is not None and now.astimezone(shown).utcoffset() == now.astimezone(found).utcoffset()
    if (summer := summer_time_city(found, now)) is not None:  # "It stays at UTC-5 all year ... like America/New_York"
        offset = known_zone(summer.offset)
        assert offset is not None and now.astimezone(offset).utcoffset() == now.astimezone(found).utcoffset()
        assert known_zone(summer.city) == ZoneInfo(summer.city)


CITY_ZONES = sorted({name for name in ZONES if (city := city_zone(name.rpartition("/")[2])) and city == name})
WORD_BREAKS = st.lists(st.sampled_from([" ", "_", "-", "  "]), min_size=4, max_size=4)


@FUZZ
@given(st.sampled_from(CITY_ZONES), WORD_BREAKS, st.lists(st.booleans(), max_size=20))
@example("Africa/Dar_es_Salaam", ["-", "-", "-", "-"], []).via("Dar-es-Salaam, as Tanzanians often write it")
@example("Africa/Porto-Novo", [" ", " ", " ", " "], []).via("Porto Novo, with a space")
def test_a_city_typed_with_any_word_breaks_and_case_is_its_zone(zone_name: str, breaks: list[str],
                                                                flips: list[bool]) -> None:
    words = zone_name.rpartition("/")[2].replace("_", " ").replace("-", " ").split()
    typed = "".join(word + gap for word, gap in zip(words, [*breaks[:len(words) - 1], ""], strict=False))
    found = known_zone(mangled(typed, flips, [], ("", "")))
    assert found is not None and str(found) == zone_name


@FUZZ
@given(OFFSETS)
def test_an_offset_reads_as_its_minutes_or_nothing(text: str) -> None:
    minutes = utc_offset(text)
    if minutes is not None and minutes % 60 == 0 and -12 <= minutes // 60 <= 14:
        found = known_zone(text)
        assert found is not None and datetime(2026, 1, 5, tzinfo=UTC).astimezone(found).utcoffset() == timedelta(
            minutes=minutes)


@FUZZ
@given(st.sampled_from(COUNTRY_CODES), MOMENTS)
def test_a_country_of_one_clock_is_read_as_a_zone_it_keeps(code: str, now: datetime) -> None:
    country = country_named(country_name(code, "en"))
    assert country is not None
    kept = one_clock(country, now)
    assert kept is None or (kept in country.zones and ZoneInfo(kept) is not None)


SPOKEN_WORDS = sorted({*CLOCK_WORDS, *(word for numbers in HOUR_WORDS.values() for word in numbers), *PARTS,
                       *JOINED_PARTS, *LINKS, SHARP, "nusu", "robo", "kasorobo", "kasoro", "aabo", "na-7", "7",
                       "19", "0", "12", "13:30", "7.15", "24", "99", "pm", "am", "h", "na7", "pa12"})
SPOKEN = st.lists(st.one_of(st.sampled_from(SPOKEN_WORDS), st.text(max_size=4)), max_size=6).map(" ".join)


@FUZZ
@given(SPOKEN)
def test_any_spoken_time_is_a_time_unclear_or_nothing(text: str) -> None:
    said = spoken_time(text)
    read = parse_time_of_day(text)
    assert read is None or isinstance(read, time)
    if isinstance(said, time):
        assert parse_time_of_day(f"{said:%H:%M}") == said  # as the bot says it back, "I'll remind you at 19:00"


@FUZZ
@given(st.sampled_from(SUPPORTED_LANGUAGES))
def test_each_example_the_bot_shows_reads_as_the_time_it_stands_for(language: str) -> None:
    for shown in [*examples(language).split(", "), *EXAMPLES.values()]:
        assert (parse_time_of_day(shown) or spoken_time(shown)) == time(19, 0)


@FUZZ
@given(st.dates(date(1, 1, 1), date(9999, 12, 31)), st.sampled_from(SUPPORTED_LANGUAGES))
def test_any_date_is_written_in_any_language(day: date, language: str) -> None:
    assert full_date(day, language) and day_of_month(day, language, "MMMd") and day_of_month(day, language, "Md")


@pytest.fixture(scope="module")
def library_and_texts() -> tuple[ContentLibrary, UiTexts]:
    """Read once: compiling five catalogs for each example would take most of the test's time."""
    return ContentLibrary.load(FIXTURE_CONTENT), UiTexts.load(LOCALES)


def engine_speaking(library_and_texts: tuple[ContentLibrary, UiTexts]) -> QuizEngine:
    library, texts = library_and_texts
    return build_engine(library, FakeDatabase(), FixedClock(), texts=texts)


@FUZZ
@given(NAMES, st.sampled_from(SUPPORTED_LANGUAGES), st.booleans())
async def test_any_timezone_reply_is_in_the_learners_language_and_sets_a_known_zone(
        library_and_texts: tuple[ContentLibrary, UiTexts], name: str, language: str, typed: bool) -> None:
    engine = engine_speaking(library_and_texts)
    learner, english = (Actor("telegram", who, f"chat-{who}", hint) for who, hint in (("l", language), ("e", "en")))
    notice = await engine.set_time_zone(learner, name, typed=typed)
    assert notice.language == language and notice.text.strip()
    if language != "en":  # said in the learner's words: not the English reply
        assert notice.text != (await engine.set_time_zone(english, name, typed=typed)).text
    shown = await engine.set_time_zone(learner, "")
    assert shown.language == language


@FUZZ
@given(st.one_of(SPOKEN, st.sampled_from(["on", "off", "", "on 19:00", "７ｐｍ", "7 p.m.", "19 h 30"])),
       st.sampled_from(SUPPORTED_LANGUAGES), st.booleans())
async def test_any_reminder_reply_is_in_the_learners_language(
        library_and_texts: tuple[ContentLibrary, UiTexts], text: str, language: str, on_before: bool) -> None:
    engine = engine_speaking(library_and_texts)
    learner, english = (Actor("telegram", who, f"chat-{who}", hint) for who, hint in (("l", language), ("e", "en")))
    for someone in (learner, english) if on_before else ():  # "" then tells how they stand
        await engine.set_reminders(someone, "on 07:30")
    notice = await engine.set_reminders(learner, text)
    assert notice.language == language and notice.text.strip()
    if language != "en":
        assert notice.text != (await engine.set_reminders(english, text)).text


# Marks that show as nothing, which a right-to-left chat or a pasted line puts around and inside what is typed.
INVISIBLE = ["\u200f", "\u200e", "\u200b", "\u2068", "\u2069", "\u2060", "\ufeff", "\u00ad"]
SETTINGS = st.sampled_from(["on 19:00", "on", "off", "19:00", "7 pm", "19 h 30", "saa mbili kamili asubuhi",
                            "na-7 manheru", "aago méje alẹ́", "", "on 07:30"])


def with_marks(text: str, marks: list[str], places: list[int]) -> str:
    for mark, place in zip(marks, places, strict=False):
        text = text[:place % (len(text) + 1)] + mark + text[place % (len(text) + 1):]
    return text


@FUZZ
@given(SETTINGS, st.lists(st.sampled_from(INVISIBLE), min_size=1, max_size=3), st.lists(st.integers(0, 40),
                                                                                         min_size=3, max_size=3))
@example("on 19:00", ["\u200f"], [3, 0, 0]).via("a right-to-left chat's mark before the time")
@example("off", ["\u2068", "\u2069"], [0, 4, 0]).via("an isolate around the word")
async def test_invisible_marks_change_no_reminder_setting(library_and_texts: tuple[ContentLibrary, UiTexts],
                                                          setting: str, marks: list[str], places: list[int]) -> None:
    engine = engine_speaking(library_and_texts)
    plain, marked = Actor("telegram", "p", "chat-p", "sw"), Actor("telegram", "m", "chat-m", "sw")
    expected = await engine.set_reminders(plain, setting)
    got = await engine.set_reminders(marked, with_marks(setting, marks, places))
    assert (got.code, got.language) == (expected.code, expected.language)
    if expected.code is not NoticeCode.BAD_REMINDER:  # the same time, said the same way
        assert got.text == expected.text


@FUZZ
@given(st.lists(st.sampled_from([*INVISIBLE, " ", "\u3000"]), min_size=1, max_size=4).map("".join),
       st.sampled_from(SUPPORTED_LANGUAGES))
@example("\u200f", "en").via("a right-to-left chat's mark alone")
async def test_timezone_with_only_invisible_marks_says_the_zone_in_use(
        library_and_texts: tuple[ContentLibrary, UiTexts], marks: str, language: str) -> None:
    engine = engine_speaking(library_and_texts)
    learner = Actor("telegram", "l", "chat-l", language)
    assert (await engine.set_time_zone(learner, marks)).text == (await engine.set_time_zone(learner, "")).text
