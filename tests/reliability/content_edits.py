"""An author's edits to the fixture quizzes, as a state machine reloads them: each starts from the fixture."""

from __future__ import annotations

import shutil
from pathlib import Path

import yaml

from tests.conftest import FIXTURE_CONTENT

# "broken" fails validation: a reload keeps serving what it served before.
EDITS = ("as shipped", "one option fewer", "one question fewer", "an answer changed", "a quiz removed", "broken")


def write(content: Path, edit: str) -> None:
    """The fixture quizzes with ``edit`` made, in ``content``."""
    shutil.rmtree(content)
    shutil.copytree(FIXTURE_CONTENT, content)
    quizzes = content / "quizzes"
    path = quizzes / "collectives.yaml"
    quiz = yaml.safe_load(path.read_text(encoding="utf-8"))
    if edit == "one option fewer":  # a wrong option of the first question
        first = quiz["questions"][0]
        first["options"] = [option for option in first["options"] if option["id"] != "broadcast"]
    elif edit == "one question fewer":  # the second one: games and sessions past it, at it and before it
        quiz["questions"] = [question for question in quiz["questions"] if question["id"] != "shards-to-full"]
    elif edit == "an answer changed":  # the second question's key: later answers are judged by the new one
        second = quiz["questions"][1]
        second["answer"] = next(option["id"] for option in second["options"] if option["id"] != second["answer"])
    elif edit == "a quiz removed":
        (quizzes / "long-options.yaml").unlink()
    elif edit == "broken":
        quiz["questions"][0]["answer"] = "no-such-option"
    path.write_text(yaml.safe_dump(quiz, allow_unicode=True, sort_keys=False), encoding="utf-8")
