"""`progress` during a retry round: before, the quiz's line read "in progress: 0 of 1 answered, 0 right", the
stopped round's "1 of 3" hidden until the retry ended and no word that it was a retry."""

from __future__ import annotations

from pathlib import Path

from tests.terminal.test_player_scripted import play


def _progress_line(said: str) -> str:
    """The quiz's line of the progress reply, its wrapped lines joined."""
    block = said.split("Your progress:")[1].split("\n\n")[0]
    return " ".join(block.split())


async def test_a_retry_of_a_stopped_round_shows_the_round_and_says_it_is_a_retry(tmp_path: Path) -> None:
    said = await play(tmp_path, ["1", "skip", "stop", "retry", "progress", "quit"])
    assert _progress_line(said) == ("Collectives: stopped: 1 of 3 answered, 1 right · 1 skipped · retry of 1 missed "
                                    "question under way: 0 of 1 answered, 0 right")


async def test_a_retry_of_every_question_of_a_finished_round_is_still_called_a_retry(tmp_path: Path) -> None:
    said = await play(tmp_path, ["skip", "skip", "skip", "retry", "1", "progress", "quit"])
    assert _progress_line(said) == ("Collectives: best 0/3 · 1 attempt · retry of 3 missed questions under way: "
                                    "1 of 3 answered, 0 right")


async def test_a_round_of_the_whole_quiz_is_no_retry(tmp_path: Path) -> None:
    said = await play(tmp_path, ["skip", "progress", "quit"])
    assert _progress_line(said) == "Collectives: in progress: 0 of 3 answered, 0 right · 1 skipped"


async def test_a_stopped_retry_leaves_the_quizs_own_stopped_round_on_its_line(tmp_path: Path) -> None:
    """Before: the retry, stopped after the round it retried, stood for the quiz: "stopped: 0 of 1 answered"."""
    said = await play(tmp_path, ["1", "skip", "stop", "retry", "stop", "progress", "quit"])
    assert _progress_line(said) == "Collectives: stopped: 1 of 3 answered, 1 right · 1 skipped"
