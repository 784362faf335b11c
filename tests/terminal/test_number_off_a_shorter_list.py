"""A number off the list, typed with "quiz" after a list of the quizzes a topic names ("Several quizzes match …"):
the refusal said "by its number, 1 to 3", counting that shorter list, and then showed every quiz, four of them,
numbered 1 to 4 in another order. The numbers it asks for are now those of the list that follows it."""

from __future__ import annotations

import re
from pathlib import Path

from adapters.terminal.lines import ScriptedLineIO
from adapters.terminal.player import TerminalPlayer
from bot.replies import Actor
from tests.support.engine_on_sqlite import services_on_sqlite

SHIPPED_CONTENT = Path(__file__).resolve().parents[2] / "content"  # "parallel" names some of its quizzes, not all


async def play(tmp_path: Path, lines: list[str], language: str) -> str:
    async with services_on_sqlite(tmp_path, SHIPPED_CONTENT, seed=3) as services:
        io = ScriptedLineIO(lines)
        await TerminalPlayer(services.engine, Actor("terminal", "tester", "terminal"), io).play(
            quiz="parallel", language=language)
    return " ".join(io.transcript.split())


def listed_numbers(text: str) -> list[int]:
    return [int(number) for number in re.findall(r" (\d)\) ", text)]


async def test_the_numbers_asked_for_are_those_of_the_list_shown_under_the_refusal(tmp_path: Path) -> None:
    said = await play(tmp_path, ["quiz 0", "quit"], "en")
    which = said.split("Several quizzes match “parallel”. Which one do you mean?")[1]
    named = listed_numbers(which.split("Choose a quiz")[0])
    refusal = which.split("Choose a quiz (number or id) > ")[1]
    every = listed_numbers(refusal.split("Choose a quiz")[0])
    assert len(named) > 1 and every == list(range(1, len(every) + 1)) and len(every) > len(named), (named, every)
    assert refusal.startswith(f"Please choose a quiz by its number, 1 to {len(every)}, or by its id. Available "
                              "quizzes:"), refusal


async def test_so_in_the_learners_language(tmp_path: Path) -> None:
    said = await play(tmp_path, ["quiz 4", "quit"], "sw")  # 4 quizzes shipped, 3 named by "parallel"
    assert "Tafadhali chagua chemsha bongo kwa namba yake, kutoka 1 hadi 4, au kwa kitambulisho chake." in said, said
