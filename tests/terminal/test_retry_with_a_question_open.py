"""`retry` while a question is open and nothing was missed before: the refusal leaves the question as it is.
Before, it ended with "Type “quizzes” to choose a quiz…", inviting another quiz under the question being asked."""

from __future__ import annotations

from pathlib import Path

from tests.support.next_step import TERMINAL_NEXT_STEP
from tests.terminal.test_player_scripted import play


async def test_retry_under_an_open_question_points_to_no_other_quiz(tmp_path: Path) -> None:
    said = await play(tmp_path, ["retry", "quit"], quiz="collectives")
    # What the retry was answered with (the typed line is not in the transcript), lines unwrapped.
    answer = " ".join(said.split("Your answer (1-3) > ")[1].split())
    assert answer == "There is nothing to retry."
    assert TERMINAL_NEXT_STEP not in said
