"""A question whose time ran out has its own mark in the terminal's summary, not a skip's: the learner can tell "I
ran out of time" from "I skipped", and a tally under the score says how many of each, adding up to the quiz."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

from adapters.terminal.lines import ScriptedLineIO
from adapters.terminal.player import TerminalPlayer
from bot.replies import Actor
from tests.fakes.clock import FixedClock
from tests.support.engine_on_sqlite import services_on_sqlite

FIXTURE_CONTENT = Path(__file__).resolve().parents[1] / "fixtures" / "content"
ACTOR = Actor("terminal", "tester", "terminal")


class PacedTyper(ScriptedLineIO):
    """Types each line after its own pause on the test's clock."""

    def __init__(self, paced: list[tuple[timedelta, str]], clock: FixedClock) -> None:
        super().__init__([line for _pause, line in paced])
        self._pauses = [pause for pause, _line in paced]
        self._clock = clock

    async def read_line(self, prompt: str) -> str | None:
        if self._pauses:
            self._clock.advance(self._pauses.pop(0))
        return await super().read_line(prompt)


async def summary_of(tmp_path: Path, language: str | None = None) -> str:
    """Question 1 timed out (help typed too late), question 2 skipped, question 3 answered: the summary's lines."""
    clock = FixedClock()
    late, soon = timedelta(seconds=11), timedelta(seconds=1)
    async with services_on_sqlite(tmp_path, FIXTURE_CONTENT, seed=3, clock=clock, question_seconds=10) as services:
        io = PacedTyper([(late, "help"), (soon, "skip"), (soon, "1"), (soon, "quit")], clock)
        await TerminalPlayer(services.engine, ACTOR, io, clock).play(quiz="collectives", language=language)
    return io.transcript.split("Question 3 of 3" if language is None else "Question 3 sur 3")[1]


async def test_a_time_out_is_marked_apart_from_a_skip_and_the_tally_adds_up(tmp_path: Path) -> None:
    after = await summary_of(tmp_path)
    lines = [line.strip() for line in after.splitlines()]
    marked = [line for line in lines if line[:3] in ("[+]", "[-]", "[ ]", "[~]") and line[4:6] in ("1.", "2.", "3.")]
    assert [line[:6] for line in marked][:2] == ["[~] 1.", "[ ] 2."], after
    tally = next(line for line in lines if "timed out" in line)
    right = "1 right" if marked[2].startswith("[+]") else "1 wrong"
    assert tally == f"{'[+]' if right == '1 right' else '[-]'} {right}   [ ] 1 skipped   [~] 1 timed out", tally


async def test_the_tally_is_in_the_learners_language(tmp_path: Path) -> None:
    after = await summary_of(tmp_path, language="fr")
    assert "[~] 1 question hors délai" in after and "[ ] 1 question passée" in after, after
