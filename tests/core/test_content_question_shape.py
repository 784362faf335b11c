"""A question that is no mapping at all: named by its place, and said to be no question, not "field file"."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.content.problems import ContentProblem
from tests.core.content_files import a_quiz, problems_in, write

NOT_A_QUESTION = "must be a mapping with id, prompt, options, answer, ..."


@pytest.mark.parametrize("item", [5, "What is FSDP?", ["id", "prompt"], None], ids=["number", "text", "list", "none"])
def test_a_question_that_is_no_mapping_is_said_to_be_none(tmp_path: Path, item: object) -> None:
    quiz = a_quiz()
    quiz["questions"].append(item)
    write(tmp_path, "odd.yaml", quiz)
    assert problems_in(tmp_path) == [ContentProblem("odd.yaml", "#3", NOT_A_QUESTION)]
