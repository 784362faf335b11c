"""`review` while a question is open and nothing is due: the reply leaves the question as it is. Before, it ended
with "Meanwhile, try a quiz you haven't played yet: …", inviting another quiz under the question being asked (as
`retry` did before 3e1b99fd)."""

from __future__ import annotations

from pathlib import Path

from tests.terminal.test_player_scripted import play


async def test_review_under_an_open_question_points_to_no_other_quiz(tmp_path: Path) -> None:
    said = await play(tmp_path, ["review", "quit"], quiz="collectives")
    # What the review was answered with (the typed line is not in the transcript), lines unwrapped.
    answer = " ".join(said.split("Your answer (1-3) > ")[1].split())
    assert answer == "Nothing to review yet: questions come back for review after you answer them in a quiz."


async def test_review_with_no_quiz_under_way_still_suggests_one_not_played(tmp_path: Path) -> None:
    said = await play(tmp_path, ["review", "quit"], quiz=None)
    assert ("Meanwhile, try a quiz you haven't played yet: Collectives. Type “quiz collectives” to start it."
            in " ".join(said.split())), said
