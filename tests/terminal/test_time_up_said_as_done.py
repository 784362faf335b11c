"""What "Time's up!" tells the learner a time-out does is what it does: no point in the score (the summary counts
it out), and the question comes back for review the next day as a wrong answer's does (bot/memory.py rates a
time-out Again), where a skip is no review at all."""

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
TIME_UP = ("Time's up! Question 1 wasn't answered in time: it scores no point, and it comes back for review as a "
           "wrong answer does.")


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


async def test_a_time_out_scores_no_point_and_comes_back_for_review_as_its_notice_says(tmp_path: Path) -> None:
    clock = FixedClock()
    late = timedelta(seconds=11)
    async with services_on_sqlite(tmp_path, FIXTURE_CONTENT, seed=3, clock=clock, question_seconds=10) as services:
        io = PacedTyper([(late, "help"), (late, "help"), (late, "help"), (timedelta(days=1), "review"),
                         (timedelta(0), "quit")], clock)
        await TerminalPlayer(services.engine, ACTOR, io, clock).play(quiz="collectives")
    said = " ".join(io.transcript.split())
    assert " ".join(TIME_UP.split()) in said, said
    quiz_part, review_part = said.split("Review: ", 1)
    assert "You scored 0 out of 3 questions." in quiz_part  # no point for any of the three timed out
    assert "Question 1 of 3" in review_part, review_part  # all three back the next day, as wrong answers come back
