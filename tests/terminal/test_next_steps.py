"""In the terminal, a refusal or a perfect score ends with what to type next, commands worded as typed here (no
"/"): before, "There is nothing to retry.", "You have no quiz in progress.", "There is no quiz called “nope”." (after
`preview nope`) and a summary with nothing missed ended there."""

from __future__ import annotations

from pathlib import Path

from tests.support.next_step import TERMINAL_NEXT_STEP as NEXT_STEP
from tests.terminal.test_player_scripted import play


def flat(transcript: str) -> str:
    return " ".join(transcript.split())  # lines wrapped to the terminal's width


async def test_each_dead_end_says_what_to_type_next(tmp_path: Path) -> None:
    said = flat(await play(tmp_path, ["retry", "stop", "skip", "preview nope", "quit"], quiz=None))
    for refusal in ("There is nothing to retry.", "You have no quiz in progress. Type",
                    "There is no quiz called “nope”."):
        assert f"{refusal.removesuffix(' Type')} {NEXT_STEP}" in said
    assert said.count(NEXT_STEP) == 4 and "/quizzes" not in said


async def test_a_perfect_score_ends_with_what_to_type_next(tmp_path: Path) -> None:
    said = flat(await play(tmp_path, ["2", "quit"], quiz="long-options"))
    assert "You scored 1 out of 1 question." in said
    assert said.split("You scored 1 out of 1 question.")[1].strip().startswith("[+] 1. ")
    assert NEXT_STEP in said.split("You scored 1 out of 1 question.")[1]
