"""The length limits validation holds a question's texts to, counted as the platforms count what the bot sends."""

from __future__ import annotations

from pathlib import Path

from bot.content.loader import load_quizzes
from tests.core.content_files import a_quiz, only_problem, write

DETAILS_LIMIT = 1000  # characters a language's details may have: a follow-up message's worth


def test_details_over_the_limit_are_refused_with_their_file_question_and_language(tmp_path: Path) -> None:
    """Details had no limit: a chapter pasted into them went out after every answer as message after message."""
    quiz = a_quiz()
    quiz["questions"][0]["details"] = {"en": "x" * DETAILS_LIMIT, "fr": "y" * DETAILS_LIMIT}  # at the limit: fine
    quiz["questions"][1]["details"] = {"en": "Short.", "fr": "z" * (DETAILS_LIMIT + 1)}
    write(tmp_path, "long.yaml", quiz)
    problem = only_problem(tmp_path)
    assert (problem.file, problem.question_id) == ("long.yaml", "q2")
    assert problem.message == (f"the fr details have {DETAILS_LIMIT + 1:,} characters; the limit is {DETAILS_LIMIT:,} "
                               "(put the rest on a page and link it as the 'reference')")


def test_details_at_the_limit_load(tmp_path: Path) -> None:
    quiz = a_quiz()
    quiz["questions"][1]["details"] = {"en": "x" * DETAILS_LIMIT, "fr": "y" * DETAILS_LIMIT}
    write(tmp_path, "limit.yaml", quiz)
    assert load_quizzes(tmp_path)[0].questions[1].details == {"en": "x" * DETAILS_LIMIT, "fr": "y" * DETAILS_LIMIT}
