"""`quiztutor validate` says which explanations Telegram's popup shows with fewer lines than written: a quiz poll's
explanation may hold at most 2 line feeds, so the bot joins the lines after the second (a list reads as one line)."""

from __future__ import annotations

import io
from pathlib import Path

from adapters.cli.catalog_tools import validate
from adapters.platforms import chat_platforms
from adapters.telegram.poll_layout import fit_explanation
from tests.core.content_files import a_quiz, write

LISTED = "FSDP shards three things:\n- parameters\n- gradients\n- optimizer state"


def run_validate(content_dir: Path) -> tuple[int, list[str]]:
    out = io.StringIO()
    code = validate(content_dir, {spec.name: spec.poll_limits for spec in chat_platforms()}, out)
    return code, out.getvalue().splitlines()


def test_an_explanation_of_more_lines_than_the_popup_shows_is_named_with_its_languages(tmp_path: Path) -> None:
    quiz = a_quiz()
    quiz["questions"][1]["explanation"] = {"en": LISTED, "fr": "Trois choses :\n- les paramètres\n- les gradients"}
    write(tmp_path, "sample.yaml", quiz)
    # What the popup shows: the last two items on one line, as if one.
    assert fit_explanation(LISTED) == "FSDP shards three things:\n- parameters\n- gradients - optimizer state"
    code, lines = run_validate(tmp_path)
    assert code == 0
    heading = "Explanations shown with fewer lines in a quiz poll's popup, the lines after its last joined:"
    assert lines[lines.index(heading) + 1:lines.index(heading) + 2] == [
        "  telegram: sample/q2: explanation has more than 2 line breaks (en)"]


def test_an_explanation_within_the_popups_lines_is_not_named(tmp_path: Path) -> None:
    quiz = a_quiz()
    quiz["questions"][0]["explanation"] = {"en": "One.\nTwo.\nThree.", "fr": "Un.\nDeux.\nTrois."}
    write(tmp_path, "sample.yaml", quiz)
    code, lines = run_validate(tmp_path)
    assert code == 0 and not any("line breaks" in line for line in lines), lines


def test_lines_broken_by_a_line_or_paragraph_separator_count_as_lines_too(tmp_path: Path) -> None:
    """An explanation pasted from a word processor or a PDF breaks its lines with U+2028 (or U+2029): they show as
    line breaks, yet only "\\n" was counted, so a four-line list passed as one line."""
    quiz = a_quiz()
    quiz["questions"][1]["explanation"] = {"en": LISTED.replace("\n", "\u2028"),
                                           "fr": "Trois choses :\u2029- les paramètres\n- les gradients\u2028- l'état"}
    write(tmp_path, "sample.yaml", quiz)
    code, lines = run_validate(tmp_path)
    assert code == 0
    assert "  telegram: sample/q2: explanation has more than 2 line breaks (en, fr)" in lines, lines
