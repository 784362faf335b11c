"""Hypothesis over what learners type after a command, as Telegram's and Discord's adapters hand it to the engine:
/quiz and /preview with odd ids, /quizzes with odd filters, /review, /language with odd values. Never a crash, and
every reply in the learner's language."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.content.library import ContentLibrary
from bot.engine import QuizEngine
from bot.i18n import UiTexts
from bot.languages import SUPPORTED_LANGUAGES
from bot.replies import Actor, Notice, NoticeCode
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
