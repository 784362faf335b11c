"""`stop` that the database refused (busy: another process held its write lock past the busy timeout; a full
disk): the learner heard "Sorry, something went wrong", the quiz was still open in the database, but the terminal
had already let go of its question: the prompt became "Choose a quiz (number or id)", and the "2" typed next to
answer the question started the second quiz of the list instead. The question is let go only once the quiz is
stopped."""

from __future__ import annotations

import contextlib
from pathlib import Path

from adapters.settings import Settings
from adapters.terminal.lines import ScriptedLineIO
from adapters.terminal.player import TerminalPlayer
from bot.replies import Actor
from tests.support.engine_on_sqlite import services_on_sqlite
from tests.support.write_lock import writes_held

FIXTURE_CONTENT = Path(__file__).resolve().parents[1] / "fixtures" / "content"


class StopWhileLocked(ScriptedLineIO):
    """Types ``stop`` while another process holds the database's write lock, then the rest with it released."""

    def __init__(self, lines: list[str], settings: Settings) -> None:
        super().__init__(["stop", *lines])
        self._settings = settings
        self._held = contextlib.AsyncExitStack()
        self._lines_read = 0

    async def read_line(self, prompt: str) -> str | None:
        self._lines_read += 1
        if self._lines_read == 1:  # "stop" is read next
            await self._held.enter_async_context(writes_held(self._settings))
        elif self._lines_read == 2:
            await self._held.aclose()
        return await super().read_line(prompt)


async def test_a_stop_not_saved_leaves_the_question_open_for_the_next_answer(tmp_path: Path) -> None:
    async with services_on_sqlite(tmp_path, FIXTURE_CONTENT, seed=3) as services:
        io = StopWhileLocked(["2", "quit"], services.settings)
        await TerminalPlayer(services.engine, Actor("terminal", "tester", "terminal"), io).play(quiz="collectives")
    after = " ".join(io.transcript.split()).split("Sorry, something went wrong. Please try again in a moment.")[1]
    assert after.startswith(" Your answer (1-3) > "), after  # not "Choose a quiz (number or id) >"
    assert "Correct!" in after or "Not quite." in after, after
    assert "Long options" not in after
