"""Texts a learner sees: each needs its English, must show something, and must not control the terminal."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from bot.content.problems import ContentProblem
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
