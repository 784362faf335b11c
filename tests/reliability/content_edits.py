"""An author's edits to the fixture quizzes, as a state machine reloads them: each starts from the fixture."""

from __future__ import annotations

import shutil
from pathlib import Path

from tests.conftest import FIXTURE_CONTENT
from tests.support.content import change_answer, remove_option, remove_question

# "broken" fails validation: a reload keeps serving what it served before.
EDITS = ("as shipped", "one option fewer", "one question fewer", "an answer changed", "a quiz removed", "broken")


def write(content: Path, edit: str) -> None:
    """The fixture quizzes with ``edit`` made, in ``content``."""
    shutil.rmtree(content)
    shutil.copytree(FIXTURE_CONTENT, content)
    if edit == "one option fewer":  # a wrong option of the first question
        remove_option(content, "sum-everywhere", "broadcast")
    elif edit == "one question fewer":  # the second one: games and sessions past it, at it and before it
        remove_question(content, "shards-to-full")
    elif edit == "an answer changed":  # the second question's key: later answers are judged by the new one
        change_answer(content, "shards-to-full", "reduce-scatter")
    elif edit == "a quiz removed":
        (content / "quizzes" / "long-options.yaml").unlink()
    elif edit == "broken":
        change_answer(content, "sum-everywhere", "no-such-option")
