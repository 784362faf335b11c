"""Hypothesis over what learners type after a command, as Telegram's and Discord's adapters hand it to the engine:
/quiz and /preview with odd ids, /quizzes with odd filters, /review, /language with odd values. Never a crash, and
every reply in the learner's language."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from adapters.discord.handlers import AUTOCOMPLETE_LIMIT, CHOICE_NAME_LIMIT
from adapters.telegram.actors import command_argument
from adapters.telegram.typed_commands import full_width_command
from bot.content.library import ContentLibrary
from bot.engine import QuizEngine
from bot.i18n import UiTexts
from bot.languages import SUPPORTED_LANGUAGES, language_choice
from bot.replies import Actor, Notice, NoticeCode, Started
from bot.text import shorten
from tests.conftest import FIXTURE_CONTENT
from tests.core.wiring import build_engine
from tests.fakes.clock import FixedClock
from tests.fakes.storage import FakeDatabase

LOCALES = Path(__file__).resolve().parents[2] / "content" / "locales"

FUZZ = settings(max_examples=120, deadline=None, derandomize=True, database=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
ODD = ["collectives", "COLLECTIVES", "collectives ", " collectives", "collect", "col", "c", "1", "0", "-1", "99",
       "１", "²", "..", "../collectives", "/", "%", "*", "?", "\u200b", "\u202e", "\x00", "qt:a:1:2", "en", "sw",
       "fr", "yo", "sn", "EN", "Kiswahili", "Yorùbá", "français", "chiShona", "english", "klingon", "zz", "x" * 300,
       "@bot", "collectives@QuizTutorBot", "#1", "\n", "é", "e\u0301", "Ｓｗ"]
ARGUMENT = st.one_of(st.sampled_from(ODD), st.text(max_size=40),
                     st.lists(st.sampled_from(ODD), min_size=1, max_size=3).map(" ".join))


@pytest.fixture(scope="module")
def library_and_texts() -> tuple[ContentLibrary, UiTexts]:
    return ContentLibrary.load(FIXTURE_CONTENT), UiTexts.load(LOCALES)


def learners(library_and_texts: tuple[ContentLibrary, UiTexts], language: str) -> tuple[QuizEngine, Actor, Actor]:
    library, texts = library_and_texts
    engine = build_engine(library, FakeDatabase(), FixedClock(), texts=texts)
    return engine, Actor("telegram", "l", "chat-l", language), Actor("telegram", "e", "chat-e", "en")


def said(reply: object) -> str:
    return reply.text if isinstance(reply, Notice) else repr(reply)


@FUZZ
@given(ARGUMENT, st.sampled_from(SUPPORTED_LANGUAGES))
async def test_quiz_with_any_argument_replies_in_the_learners_language(
        library_and_texts: tuple[ContentLibrary, UiTexts], argument: str, language: str) -> None:
    engine, learner, english = learners(library_and_texts, language)
    reply = await engine.start(learner, argument)
    assert reply.language == language
    if isinstance(reply, Notice) and language != "en":
        assert reply.text != said(await engine.start(english, argument))


@FUZZ
@given(ARGUMENT, st.sampled_from(SUPPORTED_LANGUAGES))
async def test_preview_and_quizzes_with_any_argument_reply_in_the_learners_language(
        library_and_texts: tuple[ContentLibrary, UiTexts], argument: str, language: str) -> None:
    engine, learner, english = learners(library_and_texts, language)
    preview = await engine.preview(learner, argument)
    assert preview.language == language
    if isinstance(preview, Notice) and language != "en":
        assert preview.text != said(await engine.preview(english, argument))
    assert (await engine.list_quizzes(learner, argument)).language == language
    assert (await engine.review(learner)).language == language


@FUZZ
@given(ARGUMENT, st.sampled_from(SUPPORTED_LANGUAGES))
async def test_language_with_any_value_replies_in_a_language_we_speak(
        library_and_texts: tuple[ContentLibrary, UiTexts], argument: str, language: str) -> None:
    engine, learner, _ = learners(library_and_texts, language)
    reply = await engine.set_language(learner, argument)
    now = (await engine.profile(learner)).language
    assert now in SUPPORTED_LANGUAGES and reply.language == now and reply.text.strip()
    if reply.code not in (NoticeCode.INFO, NoticeCode.LANGUAGE_KEPT):  # refused: still the learner's language
        assert now == language


@FUZZ
@given(ARGUMENT, st.sampled_from(SUPPORTED_LANGUAGES))
async def test_each_quiz_suggested_for_any_text_starts_when_sent_back(
        library_and_texts: tuple[ContentLibrary, UiTexts], typed: str, language: str) -> None:
    """Discord's /quiz suggestions (and /quizzes' list) give quiz ids: each, sent back as /quiz's argument, is
    that quiz."""
    engine, learner, _ = learners(library_and_texts, language)
    for entry in engine.quiz_list(engine.localizer_for(language), typed).entries[:AUTOCOMPLETE_LIMIT]:
        assert 0 < len(shorten(f"{entry.title} ({entry.quiz_id})", CHOICE_NAME_LIMIT)) <= CHOICE_NAME_LIMIT
        started = await engine.start(learner, entry.quiz_id)
        assert isinstance(started, Started) and started.question.quiz_id == entry.quiz_id
        await engine.stop(learner)


def full_width(text: str) -> str:
    """``text`` as a Chinese or Japanese input method types it: every ASCII sign and letter in full width."""
    return "".join(chr(ord(char) + 0xFEE0) if "!" <= char <= "~" else "\u3000" if char == " " else char
                   for char in text)


COMMANDS = st.sampled_from(["quiz", "timezone", "reminders", "language", "review", "preview", "quizzes"])
WORDS = st.lists(st.text(st.characters(min_codepoint=33, max_codepoint=126), min_size=1, max_size=8), max_size=3)


@FUZZ
@given(COMMANDS, WORDS, st.sampled_from([None, "QuizTutorBot"]), st.booleans())
def test_a_command_typed_in_full_width_reads_as_the_command_and_its_arguments(
        command: str, arguments: list[str], bot: str | None, on_the_command: bool) -> None:
    named = f"@{bot}" if bot else ""
    typed = (f"/{command}{named if on_the_command else ''} {' '.join(arguments)}"
             f" {'' if on_the_command else named}")
    assert full_width_command(full_width(typed), bot) == (command, [a for a in arguments if a.lower() != named.lower()])
    assert command_argument(arguments) in (None, " ".join(arguments))


@FUZZ
@given(st.text(max_size=30), st.one_of(st.none(), st.text(max_size=12)))
def test_any_text_is_a_full_width_command_with_a_name_or_none(text: str, bot: str | None) -> None:
    read = full_width_command(text, bot)
    assert read is None or (read[0] and "@" not in read[0] and all(read[1]))


INVISIBLE = ["\u200f", "\u200e", "\u200b", "\u2068", "\u2069", "\u2060", "\ufeff", "\u00ad"]


@FUZZ
@given(st.sampled_from([*SUPPORTED_LANGUAGES, "Kiswahili", "Français", "Èdè Yorùbá", "chiShona", "english"]),
       st.lists(st.sampled_from(INVISIBLE), min_size=1, max_size=3), st.integers(0, 20))
@example("fr", ["\u200f"], 0).via("a right-to-left chat's mark before the code")
async def test_a_language_typed_with_invisible_marks_is_that_language(
        library_and_texts: tuple[ContentLibrary, UiTexts], choice: str, marks: list[str], place: int) -> None:
    engine, learner, _ = learners(library_and_texts, "en")
    cut = place % (len(choice) + 1)
    reply = await engine.set_language(learner, choice[:cut] + "".join(marks) + choice[cut:])
    assert reply.code is not NoticeCode.UNKNOWN_LANGUAGE and reply.language == language_choice(choice)


@FUZZ
@given(st.sampled_from(["collectives", "COLLECTIVES"]), st.lists(st.sampled_from(INVISIBLE), min_size=1, max_size=3),
       st.integers(0, 20), st.sampled_from(SUPPORTED_LANGUAGES))
@example("collectives", ["\u200f"], 0, "en").via("a right-to-left chat's mark before the id")
async def test_a_quiz_named_with_invisible_marks_is_that_quiz(library_and_texts: tuple[ContentLibrary, UiTexts],
                                                              quiz_id: str, marks: list[str], place: int,
                                                              language: str) -> None:
    engine, learner, _ = learners(library_and_texts, language)
    cut = place % (len(quiz_id) + 1)
    started = await engine.start(learner, quiz_id[:cut] + "".join(marks) + quiz_id[cut:])
    assert isinstance(started, Started) and started.question.quiz_id == quiz_id.lower()
