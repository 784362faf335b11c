"""Two terminals playing as the same learner on the same data folder: what one does, the other finds out at its
next line."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from pathlib import Path

from adapters.terminal.lines import ScriptedLineIO
from adapters.terminal.player import TerminalPlayer
from bot.replies import Actor
from tests.support.engine_on_sqlite import services_on_sqlite

FIXTURE_CONTENT = Path(__file__).resolve().parents[1] / "fixtures" / "content"
ACTOR = Actor("terminal", "tester", "terminal")


class MeanwhileElsewhere(ScriptedLineIO):
    """Before its first line is typed, ``elsewhere`` runs: the other terminal's turn."""

    def __init__(self, lines: list[str], elsewhere: Callable[[], Awaitable[object]]) -> None:
        super().__init__(lines)
        self._elsewhere: Callable[[], Awaitable[object]] | None = elsewhere

    async def read_line(self, prompt: str) -> str | None:
        if self._elsewhere is not None:
            elsewhere, self._elsewhere = self._elsewhere, None
            await elsewhere()
        return await super().read_line(prompt)


async def test_a_question_stopped_in_the_other_terminal_lists_the_quizzes_to_choose_from(tmp_path: Path) -> None:
    """The answer was refused with "Choose one to start." and nothing to choose from: the list was never shown."""
    async with services_on_sqlite(tmp_path, FIXTURE_CONTENT, seed=3) as services:
        other = ScriptedLineIO(["stop", "quit"])
        here = MeanwhileElsewhere(["1", "quit"],
                                  lambda: TerminalPlayer(services.engine, ACTOR, other).play())
        await TerminalPlayer(services.engine, ACTOR, here).play(quiz="collectives")
    assert "Quiz stopped: Collectives." in other.transcript
    after = here.transcript.split("Your answer (1-3) > ")[1]
    assert after.startswith("That question is no longer open.\nYou have no quiz in progress. Choose one to start.\n")
    assert "Available quizzes:\n  1) Collectives  [collectives]" in after, here.transcript
    assert after.rstrip().endswith("Bye! Your progress is saved: run the same command to carry on.")


async def test_quiz_alone_after_the_question_stopped_elsewhere_asks_for_a_quiz_not_that_question(
        tmp_path: Path) -> None:
    """"You have no quiz in progress." then the question stopped in the other terminal shown again (so too after a
    review round of an earlier day that `quiz` ended): the next number typed answered it, "no longer open"."""
    async with services_on_sqlite(tmp_path, FIXTURE_CONTENT, seed=3) as services:
        other = ScriptedLineIO(["stop", "quit"])
        here = MeanwhileElsewhere(["quiz", "2", "quit"],
                                  lambda: TerminalPlayer(services.engine, ACTOR, other).play())
        await TerminalPlayer(services.engine, ACTOR, here).play(quiz="collectives")
    after = here.transcript.split("Your answer (1-3) > ")[1]
    assert after.startswith("You have no quiz in progress. Choose one to start.\nAvailable quizzes:\n"), after
    assert "Question 1 of 3" not in after and "no longer open" not in after
    assert after.split("Choose a quiz (number or id) > ")[1].startswith("Long options: 1 question. Good luck!")
