"""`retry` while a question is open: the refusal leaves the question as it is. Before, with nothing missed, it ended
with "Type “quizzes” to choose a quiz…", inviting another quiz under the question being asked; with a question
missed already, it said "There is nothing to retry." though the summary would offer one."""

from __future__ import annotations

import re
from pathlib import Path

from tests.support.next_step import TERMINAL_NEXT_STEP
from tests.terminal.test_player_scripted import play


def _answers(said: str) -> list[str]:
    """What each typed line was answered with (the typed lines are not in the transcript), lines unwrapped."""
    return [" ".join(part.split()) for part in re.split(r"Your answer \(1-\d\) > ", said)[1:]]


async def test_retry_under_an_open_question_points_to_no_other_quiz(tmp_path: Path) -> None:
    said = await play(tmp_path, ["retry", "quit"], quiz="collectives")
    assert _answers(said)[0] == "There is nothing to retry."
    assert TERMINAL_NEXT_STEP not in said


async def test_retry_after_a_miss_says_when_it_can_be_retried(tmp_path: Path) -> None:
    said = await play(tmp_path, ["skip", "retry", "quit"], quiz="collectives")
    answer = _answers(said)[1]
    assert answer.startswith("This quiz is still under way: /retry the questions you missed once it ends, or after "
                             "/stop."), answer
    assert TERMINAL_NEXT_STEP not in said
