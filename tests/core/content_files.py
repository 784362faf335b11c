"""Quiz files for the content tests: a valid quiz to break in one place, and the problems a directory gives."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from bot.content.loader import load_quizzes
from bot.content.problems import ContentError, ContentProblem


def a_quiz(quiz_id: str = "sample") -> dict[str, Any]:
    """A valid two-language quiz, for a test to break in one place."""
    def question(question_id: str) -> dict[str, Any]:
        return {
            "id": question_id,
            "answer": "right",
            "prompt": {"en": f"Prompt {question_id}?", "fr": f"Question {question_id} ?"},
            "options": [{"id": "right", "text": {"en": "Right", "fr": "Juste"}},
                        {"id": "wrong", "text": {"en": "Wrong", "fr": "Faux"}}],
            "explanation": {"en": "Because.", "fr": "Parce que."},
        }
    return {"id": quiz_id, "difficulty": "easy", "title": {"en": "Sample", "fr": "Exemple"},
            "description": {"en": "A sample.", "fr": "Un exemple."}, "questions": [question("q1"), question("q2")]}


def write(content_dir: Path, name: str, quiz: dict[str, Any] | str) -> None:
    folder = content_dir / "quizzes"
    folder.mkdir(parents=True, exist_ok=True)
    text = quiz if isinstance(quiz, str) else yaml.safe_dump(quiz, allow_unicode=True, sort_keys=False)
    (folder / name).write_text(text, encoding="utf-8")


def problems_in(content_dir: Path) -> list[ContentProblem]:
    with pytest.raises(ContentError) as error:
        load_quizzes(content_dir)
    assert str(error.value) == "\n".join(str(problem) for problem in error.value.problems)
    return error.value.problems


def only_problem(content_dir: Path) -> ContentProblem:
    problems = problems_in(content_dir)
    assert len(problems) == 1, problems
    return problems[0]
