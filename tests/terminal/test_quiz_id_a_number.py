"""A quiz whose id is a number (``2``): ``quiz 2`` picks the list's second quiz, as the numbers shown ask, so the
quiz called 2 could never be started by its id while the list had two quizzes. Its id as the list shows it,
``[2]``, now names it, typed or given to ``--quiz``."""

from __future__ import annotations

from pathlib import Path

from adapters.terminal.lines import ScriptedLineIO
from adapters.terminal.player import TerminalPlayer
from bot.replies import Actor
from tests.core.content_files import a_quiz, write
from tests.support.engine_on_sqlite import services_on_sqlite


def content(tmp_path: Path) -> Path:
    folder = tmp_path / "content"
    numbered, other = a_quiz("2"), a_quiz("alpha")
    numbered["title"] = {"en": "Numbered", "fr": "Numéroté"}
    other["title"] = {"en": "Alphabetic", "fr": "Alphabétique"}
    write(folder, "2.yaml", numbered)  # listed first: the list's second is alpha
    write(folder, "alpha.yaml", other)
    return folder


async def play(tmp_path: Path, lines: list[str], quiz: str | None = None, seed: int = 3) -> str:
    # ``seed``: another for each run on the same database, as a session's id comes from it.
    async with services_on_sqlite(tmp_path, content(tmp_path), seed=seed) as services:
        io = ScriptedLineIO(lines)
        await TerminalPlayer(services.engine, Actor("terminal", "tester", "terminal"), io).play(quiz=quiz)
    return io.transcript


async def test_a_number_picks_the_lists_place_and_the_bracketed_id_the_quiz_of_that_id(tmp_path: Path) -> None:
    transcript = await play(tmp_path, ["quizzes", "quiz 2", "stop", "quiz [2]", "quit"])
    assert "1) Numbered  [2]" in transcript and "2) Alphabetic  [alpha]" in transcript
    by_place, by_id = transcript.split("Quiz stopped: Alphabetic.")
    assert "Alphabetic: 2 questions. Good luck!" in by_place  # "2": the list's second
    assert "Numbered: 2 questions. Good luck!" in by_id, by_id  # "[2]": the quiz whose id is 2


async def test_the_bracketed_id_on_the_command_line_and_in_full_width(tmp_path: Path) -> None:
    assert "Numbered: 2 questions. Good luck!" in await play(tmp_path, ["quit"], quiz="[2]")
    transcript = await play(tmp_path, ["stop", "quiz ［２］", "quit"], quiz="alpha", seed=4)
    # Started by the run before, so carried on: its question 1, left unanswered there.
    assert "Welcome back! Carrying on with Numbered." in transcript.split("Quiz stopped: Alphabetic.")[1], transcript
