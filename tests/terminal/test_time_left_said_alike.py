"""A resumed question says its time left as the engine counts it, and the terminal's "shown again" as it does: one
rule (whole seconds, rounded down), so 59.4 s left is not said as 60 and then, a moment later, 59. And one resumed
with no whole second left is not offered with "(0 seconds to answer)": its time runs out first."""

from __future__ import annotations

from datetime import datetime, timedelta
from pathlib import Path

from adapters.runtime import utc_now
from adapters.terminal.lines import ScriptedLineIO
from adapters.terminal.player import TerminalPlayer
from bot.replies import Actor
from tests.fakes.clock import FixedClock
from tests.support.engine_on_sqlite import services_on_sqlite

FIXTURE_CONTENT = Path(__file__).resolve().parents[1] / "fixtures" / "content"


class RunningClock:
    """The real clock (so a wait passes on it), moved ahead by ``advance`` as the learner takes time to type."""

    def __init__(self) -> None:
        self.shift = timedelta(0)

    def __call__(self) -> datetime:
        return utc_now() + self.shift

    def advance(self, delta: timedelta) -> None:
        self.shift += delta


class PausingTyper(ScriptedLineIO):
    """Takes the next of ``pauses`` on the test's clock to type each line."""

    def __init__(self, lines: list[str], clock: FixedClock | RunningClock, pauses: list[timedelta]) -> None:
        super().__init__(lines)
        self._clock = clock
        self._pauses = pauses

    async def read_line(self, prompt: str) -> str | None:
        if self._pauses:
            self._clock.advance(self._pauses.pop(0))
        return await super().read_line(prompt)


async def test_a_resumed_question_and_the_same_shown_again_say_the_same_time_left(tmp_path: Path) -> None:
    clock = FixedClock()
    async with services_on_sqlite(tmp_path, FIXTURE_CONTENT, seed=3, clock=clock, question_seconds=60) as services:
        # "quiz" 0.6 s in: the engine resumes question 1 with 59.4 s left; "help" at once: it is shown again.
        io = PausingTyper(["quiz", "help", "quit"], clock, [timedelta(seconds=0.6), timedelta(0)])
        await TerminalPlayer(services.engine, Actor("terminal", "tester", "terminal"), io, clock).play(
            quiz="collectives")
    resumed = io.transcript.split("Carrying on with")[1]
    resumed_time, again = resumed.split("list the quizzes")
    assert "(59 seconds to answer)" in resumed_time, resumed_time
    assert "(59 seconds to answer)" in again.split("Your answer")[0], again



async def test_a_question_resumed_with_under_a_second_left_is_not_offered_with_0_seconds(tmp_path: Path) -> None:
    clock = RunningClock()
    async with services_on_sqlite(tmp_path, FIXTURE_CONTENT, seed=3, clock=clock, question_seconds=60) as services:
        # "quiz" 59.5 s in: the engine resumes question 1 with half a second left, no whole second to answer in.
        io = PausingTyper(["quiz", "quit"], clock, [timedelta(seconds=59.5)])
        await TerminalPlayer(services.engine, Actor("terminal", "tester", "terminal"), io, clock).play(
            quiz="collectives")
    resumed = io.transcript.split("Carrying on with")[1]
    assert "(0 seconds to answer)" not in resumed, resumed
    assert "Time's up! Question 1 wasn't answered in time" in resumed, resumed
    assert "Question 2 of 3" in resumed and "(60 seconds to answer)" in resumed, resumed
