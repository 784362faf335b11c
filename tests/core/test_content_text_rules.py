"""Texts a learner sees: each needs its English, must show something, and must not control the terminal."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from bot.content.loader import load_quizzes
from bot.content.problems import ContentProblem
from bot.i18n import UiTexts
from content import default_content_dir
from tests.core.content_files import a_quiz, only_problem, problems_in, write

Change = Callable[[dict[str, Any]], None]


def _guide_with_empty_title(quiz: dict[str, Any]) -> None:
    quiz["guide"] = {"path": "guides/sample", "title": {}}


@pytest.mark.parametrize(("name", "change"), [
    ("title", lambda quiz: quiz.update(title={})),
    ("description", lambda quiz: quiz.update(description={})),
    ("guide title", _guide_with_empty_title),
], ids=["title", "description", "guide-title"])
def test_an_empty_quiz_text_is_refused_because_every_list_shows_its_english(
        tmp_path: Path, name: str, change: Change) -> None:
    quiz = a_quiz()
    change(quiz)
    write(tmp_path, "empty.yaml", quiz)
    assert only_problem(tmp_path) == ContentProblem(
        "empty.yaml", None, f"the {name} is empty; it needs at least its English ('en') text")


def test_an_empty_option_text_is_refused_for_its_english(tmp_path: Path) -> None:
    quiz = a_quiz()
    quiz["questions"][0]["options"][1]["text"] = {}
    write(tmp_path, "option.yaml", quiz)
    assert ContentProblem("option.yaml", "q1", "language 'en' is incomplete: missing in option 'wrong'") \
        in problems_in(tmp_path)


def a_quiz_with(where: str, text: str, language: str = "en") -> dict[str, Any]:
    """The sample quiz with one text of question q1 replaced: 'prompt', 'explanation', 'details' or 'option'."""
    quiz = a_quiz()
    question = quiz["questions"][0]
    if where == "option":
        question["options"][1]["text"][language] = text
    elif where == "details":
        question["details"] = {"en": "More.", "fr": "Plus."} | {language: text}
    else:
        question[where][language] = text
    return quiz


@pytest.mark.parametrize(("text", "shown"), [
    ("\u200b\u200b\u200b", "U+200B"),
    ("\u200b\u2060\ufeff", "U+200B, U+2060, U+FEFF"),
    ("\u3164", "U+3164"),
], ids=["zero-width-spaces", "mixed-invisibles", "hangul-filler"])
def test_a_prompt_that_shows_nothing_is_refused_naming_its_characters(tmp_path: Path, text: str,
                                                                      shown: str) -> None:
    write(tmp_path, "blank.yaml", a_quiz_with("prompt", text))
    assert only_problem(tmp_path) == ContentProblem(
        "blank.yaml", "q1", f"the en prompt shows nothing: it has only invisible characters ({shown})")


@pytest.mark.parametrize(("where", "language", "text", "name", "what"), [
    ("prompt", "en", "Nul\x00here?", "prompt", "the control character U+0000"),
    ("prompt", "fr", "Bip\x07 ?", "prompt", "the control character U+0007"),
    ("option", "en", "\x1b[31mRed", "option 'wrong'", "U+001B (ESC, which starts a terminal escape sequence)"),
    ("option", "fr", "CSI \x9b31m", "option 'wrong'", "the control character U+009B"),
    ("explanation", "en", "Carriage\rreturn.", "explanation", "the control character U+000D"),
    ("prompt", "en", "One\nor two lines?", "prompt",
     "a line break (U+000A); only an explanation, details or why_not may have several lines"),
    # Pasted from a word processor or a PDF: shown as a line break (the terminal's quiz list broke in two there).
    ("prompt", "fr", "Une\u2028ou deux lignes ?", "prompt",
     "a line break (U+2028); only an explanation, details or why_not may have several lines"),
    ("option", "en", "Two\u2029paragraphs", "option 'wrong'",
     "a line break (U+2029); only an explanation, details or why_not may have several lines"),
    ("explanation", "fr", "Abc \u202edcba", "explanation",
     "U+202E (a bidi override or isolate, which reorders what is shown around it)"),
    ("details", "en", "Isolated \u2067x.", "details",
     "U+2067 (a bidi override or isolate, which reorders what is shown around it)"),
], ids=["nul", "bell", "esc", "c1-csi", "carriage-return", "newline-in-prompt", "line-separator-in-prompt",
        "paragraph-separator-in-option", "bidi-override", "bidi-isolate"])
def test_a_control_character_is_refused_naming_the_text_the_language_and_the_character(
        tmp_path: Path, where: str, language: str, text: str, name: str, what: str) -> None:
    write(tmp_path, "control.yaml", a_quiz_with(where, text, language))
    assert only_problem(tmp_path) == ContentProblem("control.yaml", "q1", f"the {language} {name} contains {what}")


def test_line_breaks_and_tabs_in_an_explanation_or_details_are_fine(tmp_path: Path) -> None:
    quiz = a_quiz_with("details", "Two\nlines,\tone tab.")
    quiz["questions"][0]["explanation"]["en"] = "First line.\nSecond line."
    quiz["questions"][0]["options"][1]["text"]["en"] = "Zero\u200bwidth inside a word is fine"
    write(tmp_path, "lines.yaml", quiz)
    (loaded,) = load_quizzes(tmp_path)
    assert loaded.questions[0].explanation["en"] == "First line.\nSecond line."


def test_a_quiz_title_with_an_escape_is_refused(tmp_path: Path) -> None:
    quiz = a_quiz()
    quiz["title"]["fr"] = "Titre \x1b]0;pwned\x07"
    write(tmp_path, "title.yaml", quiz)
    assert problems_in(tmp_path) == [
        ContentProblem("title.yaml", None,
                       "the fr title contains U+001B (ESC, which starts a terminal escape sequence)"),
        ContentProblem("title.yaml", None, "the fr title contains the control character U+0007"),
    ]


@pytest.mark.parametrize("twin", ["Right", "  right ", "RIGHT", "Ri\u200bght", "\uff32ight",
                                  "\uff32\uff49\uff47\uff48\uff54"],
                         ids=["same", "spaces", "case", "zero-width", "full-width-letter", "full-width"])
def test_two_options_with_the_same_text_in_a_language_are_refused(tmp_path: Path, twin: str) -> None:
    write(tmp_path, "twins.yaml", a_quiz_with("option", twin))
    assert only_problem(tmp_path) == ContentProblem(
        "twins.yaml", "q1", "options 'right' and 'wrong' have the same en text ('Right'); a learner can't tell "
                            "them apart")


def test_two_ways_of_writing_the_same_accent_are_the_same_text(tmp_path: Path) -> None:
    """"Café" written with é, and with e and a combining accent (U+0301): two options a learner sees alike."""
    quiz = a_quiz()
    right, wrong = quiz["questions"][0]["options"]
    right["text"]["fr"], wrong["text"]["fr"] = "Caf\u00e9", "Cafe\u0301"
    write(tmp_path, "twins.yaml", quiz)
    assert only_problem(tmp_path) == ContentProblem(
        "twins.yaml", "q1", "options 'right' and 'wrong' have the same fr text ('Caf\u00e9'); a learner can't tell "
                            "them apart")


@pytest.mark.parametrize(("right", "wrong"), [("x\u00b2", "x2"), ("\U0001d400", "A"), ("\u00bd", "1\u20442")],
                         ids=["superscript", "bold", "fraction"])
def test_compatibility_forms_that_look_different_are_different_texts(tmp_path: Path, right: str, wrong: str) -> None:
    """Full width "Ｒ" reads as "R" (a twin, above), but "x²" is not "x2", nor "𝐀" "A", though NFKC makes them one."""
    quiz = a_quiz()
    quiz["questions"][0]["options"][0]["text"]["en"], quiz["questions"][0]["options"][1]["text"]["en"] = right, wrong
    write(tmp_path, "forms.yaml", quiz)
    (loaded,) = load_quizzes(tmp_path)  # no ContentError
    assert [option.text["en"] for option in loaded.questions[0].options] == [right, wrong]


def test_options_that_differ_only_in_another_language_are_refused_in_the_language_where_they_match(
        tmp_path: Path) -> None:
    write(tmp_path, "twins.yaml", a_quiz_with("option", "juste", "fr"))
    assert only_problem(tmp_path) == ContentProblem(
        "twins.yaml", "q1", "options 'right' and 'wrong' have the same fr text ('Juste'); a learner can't tell "
                            "them apart")


def test_a_problem_prints_control_characters_from_a_file_name_escaped(tmp_path: Path) -> None:
    write(tmp_path, "\x1b[2Jclear.yaml", "id: [unclosed\n")
    (problem,) = problems_in(tmp_path)
    assert problem.file == "\x1b[2Jclear.yaml"
    assert str(problem).startswith("\\x1b[2Jclear.yaml: invalid YAML, line 2:")


def test_a_control_character_is_said_in_the_admins_language_the_file_keys_and_character_code_as_they_are(
        tmp_path: Path) -> None:
    """/reload says a problem made of sentences inside a sentence in the admin's language; what comes from the
    file (its name, the question id, the key) is kept, and escaped if it could drive a terminal."""
    write(tmp_path, "control\x1b.yaml", a_quiz_with("prompt", "Ring\x07", "fr"))
    swahili = UiTexts.load(default_content_dir() / "locales").for_language("sw")
    assert only_problem(tmp_path).said(swahili) == (
        "control\\x1b.yaml, swali 'q1': prompt ya fr ina herufi ya udhibiti U+0007")


def test_a_quiz_title_with_a_line_separator_is_refused(tmp_path: Path) -> None:
    """Every quiz list shows a title on one line: "1) Sam" and "ple  [sample]" on the next."""
    quiz = a_quiz()
    quiz["title"]["en"] = "Sam\u2028ple"
    write(tmp_path, "title.yaml", quiz)
    assert problems_in(tmp_path) == [ContentProblem(
        "title.yaml", None, "the en title contains a line break (U+2028); only an explanation, details or why_not "
        "may have several lines")]
