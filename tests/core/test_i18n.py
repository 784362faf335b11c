"""The bot's own words: gettext catalogs compiled from .po files, per call, with plural forms."""

from __future__ import annotations

from pathlib import Path

from bot.content.library import ContentLibrary
from bot.i18n import UiTexts
from bot.languages import SUPPORTED_LANGUAGES
from bot.replies import Actor
from content import default_content_dir
from tests.core.play import start
from tests.core.wiring import build_engine
from tests.fakes.clock import FixedClock
from tests.fakes.storage import FakeDatabase

FRENCH_PO = r'''
msgid ""
msgstr ""
"Language: fr\n"
"Plural-Forms: nplurals=2; plural=(n > 1);\n"
"Content-Type: text/plain; charset=utf-8\n"

msgid "Question {number} of {total}"
msgstr "Question {number} sur {total}"

msgid "{n} question"
msgid_plural "{n} questions"
msgstr[0] "{n} question (singulier)"
msgstr[1] "{n} questions (pluriel)"

#, fuzzy
msgid "Not quite."
msgstr "Presque, mais non."
'''


def _texts(tmp_path: Path) -> UiTexts:
    folder = tmp_path / "locales" / "fr" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    (folder / "quiztutor.po").write_text(FRENCH_PO, encoding="utf-8")
    return UiTexts.load(tmp_path / "locales")


def test_a_translated_message_is_formatted_with_its_parameters(tmp_path: Path) -> None:
    _ = _texts(tmp_path).for_language("fr")
    assert _.language == "fr"
    assert _("Question {number} of {total}", number=2, total=8) == "Question 2 sur 8"


def test_french_plural_forms_treat_zero_and_one_as_singular(tmp_path: Path) -> None:
    _ = _texts(tmp_path).for_language("fr")
    counts = {n: _.ngettext("{n} question", "{n} questions", n) for n in (0, 1, 2, 5)}
    assert counts == {0: "0 question (singulier)", 1: "1 question (singulier)", 2: "2 questions (pluriel)",
                      5: "5 questions (pluriel)"}


def test_english_plural_forms_treat_zero_as_plural(tmp_path: Path) -> None:
    _ = _texts(tmp_path).for_language("en")
    assert [_.ngettext("{n} question", "{n} questions", n) for n in (0, 1, 2)] == [
        "0 questions", "1 question", "2 questions"]


def test_a_language_without_a_catalog_speaks_english(tmp_path: Path) -> None:
    _ = _texts(tmp_path).for_language("sw")
    assert _.language == "sw"
    assert _("Question {number} of {total}", number=1, total=3) == "Question 1 of 3"
    assert _.ngettext("{n} question", "{n} questions", 1) == "1 question"


def test_a_message_missing_from_a_catalog_stays_in_english(tmp_path: Path) -> None:
    assert _texts(tmp_path).for_language("fr")("Correct!") == "Correct!"


def test_fuzzy_translations_are_ignored(tmp_path: Path) -> None:
    assert _texts(tmp_path).for_language("fr")("Not quite.") == "Not quite."


def test_a_missing_locales_directory_means_english_everywhere(tmp_path: Path) -> None:
    texts = UiTexts.load(tmp_path / "nowhere")
    assert texts.for_language("fr")("Correct!") == "Correct!"


async def test_the_engine_speaks_the_learners_language_from_the_catalog(tmp_path: Path,
                                                                      library: ContentLibrary) -> None:
    engine = build_engine(library, FakeDatabase(), FixedClock(), texts=_texts(tmp_path))
    assert (await start(engine, Actor("telegram", "amelie", language_hint="fr-BE"))).label == "Question 1 sur 3"
    assert (await start(engine, Actor("telegram", "alice"))).label == "Question 1 of 3"


def test_every_shipped_language_translates_the_bots_words() -> None:
    texts = UiTexts.load(default_content_dir() / "locales")
    for language in SUPPORTED_LANGUAGES:
        _ = texts.for_language(language)
        label = _("Question {number} of {total}", number=3, total=8)
        assert "3" in label and "8" in label
        assert (label == "Question 3 of 8") == (language == "en"), language


def test_the_shipped_french_catalog_uses_french_plurals() -> None:
    _ = UiTexts.load(default_content_dir() / "locales").for_language("fr")
    singular, plural = "You scored {correct} out of {n} question.", "You scored {correct} out of {n} questions."
    scores = [_.ngettext(singular, plural, n, correct=0) for n in (0, 1, 2)]
    assert scores[0].startswith("Votre score")
    assert [score.endswith("question.") for score in scores] == [True, True, False]
    assert scores[2].endswith("questions.")
