"""Names an author should hear about, though the content loads: a quiz file named otherwise than its quiz."""

from __future__ import annotations

from collections.abc import Sequence

from bot.content.models import Quiz
from bot.content.problems import ContentProblem


def file_name_warnings(files: Sequence[tuple[str, Quiz]]) -> list[ContentProblem]:
    """A warning, not a problem: quizzes are found by id alone, so the content works; but the id is the key of
    every learner's progress, and an author who goes by the file name may change the id and orphan that progress,
    or look for a file the linter names by the id."""
    return [ContentProblem(name, None, f"the quiz id is {quiz.id!r}: name the file {quiz.id}.yaml (keep the id, "
                                       "which learners' progress is kept under)")
            for name, quiz in files if name != f"{quiz.id}.yaml"]

