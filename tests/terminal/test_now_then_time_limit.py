"""`quiztutor play --now` moves the clock a question's deadline is kept by. A question left open under a clock set
ahead (`--now 2030-01-01`) and resumed under an earlier one (the real clock, or an earlier `--now`) was shown with
its deadline years away, "(96940858 seconds to answer)", and could be answered at leisure: its time is counted
again from the clock in use, as a limit can never leave more than the limit to answer."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

from adapters.terminal.player import TerminalPlayer
from tests.fakes.clock import FixedClock
from tests.support.engine_on_sqlite import services_on_sqlite
from tests.terminal.test_question_time_limit import ACTOR, FIXTURE_CONTENT, SlowTyper

AHEAD = datetime(2030, 1, 1, 9, 0, tzinfo=UTC)  # --now 2030-01-01
REAL = datetime(2026, 12, 6, 9, 0, tzinfo=UTC)  # today, three years before
# A time-out's notice, wrapped across lines in the terminal: looked for in words joined by single spaces.
TIME_UP = ("Time's up! Question 1 wasn't answered in time: it scores no point, and it comes back for review as a "
           "wrong answer does.")


async def play(tmp_path: Path, lines: list[str], start: datetime, pause: timedelta = timedelta(0),
               question_seconds: int = 10) -> str:
    clock = FixedClock(start)
    async with services_on_sqlite(tmp_path, FIXTURE_CONTENT, seed=3, clock=clock,
                                  question_seconds=question_seconds) as services:
        io = SlowTyper(lines, clock, pause)
        await TerminalPlayer(services.engine, ACTOR, io, clock).play(quiz="collectives")
    return io.transcript


async def test_a_question_left_under_a_clock_set_ahead_has_the_limit_under_the_clock_in_use(tmp_path: Path) -> None:
    first = await play(tmp_path, ["quit"], AHEAD)
    assert "Question 1 of 3" in first and "(10 seconds to answer)" in first
    back = await play(tmp_path, ["help", "quit"], REAL, pause=timedelta(seconds=4))
    assert "Question 1 of 3" in back and "(10 seconds to answer)" in back.split("list the quizzes")[0], back
    assert "(6 seconds to answer)" in back.split("list the quizzes")[1]  # and it counts down from there


async def test_its_time_then_runs_out_by_the_clock_in_use(tmp_path: Path) -> None:
    await play(tmp_path, ["quit"], AHEAD)
    back = await play(tmp_path, ["help", "quit"], REAL, pause=timedelta(seconds=11))
    after_help = back.split("list the quizzes")[1]
    assert TIME_UP in " ".join(after_help.split()), back
    assert "Question 2 of 3" in after_help


async def test_a_limit_lowered_since_gives_no_more_than_the_new_limit(tmp_path: Path) -> None:
    """The same rule, with the real clock both times: QUIZ_QUESTION_SECONDS lowered from 600 to 10 between runs."""
    await play(tmp_path, ["quit"], REAL, question_seconds=600)
    back = await play(tmp_path, ["quit"], REAL + timedelta(seconds=30))
    assert "(10 seconds to answer)" in back and "570 seconds" not in back, back
