"""Two terminals (two `quiztutor play` processes: each its own engine) of the same login on one SQLite file, both
typing `skip` at the question they show, at once: that question is skipped once. Before, the second skip, run
after the first, skipped the next question too, which its terminal had never shown ("Question 2 skipped.")."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

from adapters.settings import Settings
from adapters.terminal.lines import ScriptedLineIO
from adapters.terminal.player import TerminalPlayer
from bot.replies import Actor
from tests.support.engine_on_sqlite import services_on_sqlite

FIXTURE_CONTENT = Path(__file__).resolve().parents[1] / "fixtures" / "content"
ACTOR = Actor("terminal", "tester", "terminal")


class AtOnce(ScriptedLineIO):
    """Its first line is typed only when the other terminal's is too (both show the question by then)."""

    def __init__(self, lines: list[str], together: asyncio.Barrier) -> None:
        super().__init__(lines)
        self._together: asyncio.Barrier | None = together

    async def read_line(self, prompt: str) -> str | None:
        if self._together is not None:
            together, self._together = self._together, None
            await together.wait()
        return await super().read_line(prompt)


def skipped_answers(settings: Settings) -> list[str]:
    with sqlite3.connect(settings.data_dir / "quiztutor.sqlite3") as database:
        return [row[0] for row in database.execute("SELECT question_id FROM answers WHERE option_id IS NULL")]


async def test_skip_typed_in_two_terminals_at_once_skips_the_question_once(tmp_path: Path) -> None:
    async with services_on_sqlite(tmp_path, FIXTURE_CONTENT, seed=3) as first:
        settings = first.settings  # where both terminals' answers are kept
        # The quiz under way, its first question on both screens.
        await TerminalPlayer(first.engine, ACTOR, ScriptedLineIO(["quit"])).play(quiz="collectives")
        async with services_on_sqlite(tmp_path, FIXTURE_CONTENT, seed=4) as second:
            together = asyncio.Barrier(2)
            here, there = AtOnce(["skip", "quit"], together), AtOnce(["skip", "quit"], together)
            await asyncio.gather(TerminalPlayer(first.engine, ACTOR, here).play(),
                                 TerminalPlayer(second.engine, ACTOR, there).play())
    transcripts = (here.transcript, there.transcript)
    assert len(skipped_answers(settings)) == 1
    assert not any("Question 2 skipped." in transcript for transcript in transcripts)
    assert sum("Question 1 skipped." in transcript for transcript in transcripts) == 1
    late = next(transcript for transcript in transcripts if "Question 1 skipped." not in transcript)
    after = late.split("Your answer (1-3) > ", 1)[1]
    assert after.startswith("That question is no longer open.\n"), late  # then the question open now
    assert "Question 2 of 3" in after, late
