"""A review round's first words, on a real database: from one quiz, they name it; from several, they say so."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import pytest
import yaml

from adapters.runtime import open_services
from adapters.settings import Settings
from bot.i18n import UiTexts
from bot.languages import SUPPORTED_LANGUAGES
from bot.replies import Actor, Started
from tests.core.play import missed_all
from tests.core.review_play import ADA
from tests.fakes.clock import FixedClock

LOCALES = Path(__file__).resolve().parents[2] / "content" / "locales"
TITLES = {"en": "Collectives", "fr": "Collectives", "sw": "Mawasiliano ya pamoja", "yo": "Ìbánisọ̀rọ̀ àkójọ",
          "sn": "Kutaurirana kweboka"}  # the fixture quiz's title in each language
BO = Actor("telegram", "bo", chat_id="chat-bo")
MIXED = "Review: {n} questions are due, mixed from your quizzes, most overdue first."


async def _intros(tmp_path: Path, fixture_content: Path, database_url: str, language: str) -> tuple[str, str]:
    """The review's first words for Ada, who played Collectives only, and for Bo, who played both quizzes."""
    clock = FixedClock()
    settings = Settings(data_dir=tmp_path, content_dir=fixture_content, database_url=database_url)
    async with open_services(settings, clock=clock) as services:
        engine = services.engine
        for actor, quizzes in ((ADA, ["collectives"]), (BO, ["collectives", "long-options"])):
            await engine.set_language(actor, language)
            for quiz_id in quizzes:
                await missed_all(engine, actor, quiz_id)
        clock.advance(timedelta(days=3))
        intros = []
        for actor in (ADA, BO):
            started = await engine.review(actor)
            assert isinstance(started, Started), started
            intros.append(started.intro)
    return intros[0], intros[1]


@pytest.mark.parametrize("language", SUPPORTED_LANGUAGES)
async def test_a_round_of_one_quiz_names_it_and_a_round_of_several_says_they_are_mixed(
        tmp_path: Path, fixture_content: Path, database_url: str, language: str) -> None:
    """With only Collectives due, the round began "Review: 3 questions are due, mixed from your quizzes": a mix of
    one, and the learner was not told which quiz."""
    _ = UiTexts.load(LOCALES).for_language(language)
    mixed = _.ngettext("Review: {n} question is due, from your quizzes.", MIXED, 3)
    one, several = await _intros(tmp_path, fixture_content, database_url, language)
    assert TITLES[language] in one and one != mixed, one
    assert one == _.ngettext("Review: {n} question is due, from {title}.",
                             "Review: {n} questions are due, all from {title}, most overdue first.", 3,
                             title=TITLES[language])
    assert several == _.ngettext("Review: {n} question is due, from your quizzes.", MIXED, 4), several


async def test_a_full_round_of_one_quiz_names_it_and_says_how_many_are_due_in_all(
        tmp_path: Path, content_dir: Path, database_url: str) -> None:
    """Twelve questions due, all of one quiz: the round of ten was said to be "mixed from your quizzes"."""
    long_options = content_dir / "quizzes" / "long-options.yaml"
    quiz = yaml.safe_load(long_options.read_text(encoding="utf-8"))
    question = quiz["questions"][0]
    quiz["questions"] = [{**question, "id": f"copy-{number}"} for number in range(12)]
    long_options.write_text(yaml.safe_dump(quiz, allow_unicode=True, sort_keys=False), encoding="utf-8")
    clock = FixedClock()
    settings = Settings(data_dir=tmp_path, content_dir=content_dir, database_url=database_url)
    async with open_services(settings, clock=clock) as services:
        await missed_all(services.engine, ADA, "long-options")
        clock.advance(timedelta(days=3))
        started = await services.engine.review(ADA)
    assert isinstance(started, Started) and started.question.total == 10
    assert started.intro == ("Review: 12 questions are due. Here are the 10 most overdue, all from Long options; the "
                             "rest come in your next round."), started.intro
