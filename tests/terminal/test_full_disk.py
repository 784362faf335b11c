"""The disk fills up mid-game (SQLite: "database or disk is full"): the learner hears that what they did was not
saved and why, and the goodbye doesn't say their progress is saved."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from adapters.terminal.lines import ScriptedLineIO
from adapters.terminal.player import TerminalPlayer
from bot.replies import Actor
from tests.support.engine_on_sqlite import services_on_sqlite
from tests.support.full_disk import FullDisk, disk_to_fill

FIXTURE_CONTENT = Path(__file__).resolve().parents[1] / "fixtures" / "content"
ACTOR = Actor("terminal", "tester", "terminal")
MOST_LINES = 300  # a quiz played over and over needs another page of the file well before


class PlayUntilRefused(ScriptedLineIO):
    """Answers every question and starts the quiz again, the disk filled after the first line, until a reply
    begins with ``apology``; then quits."""

    def __init__(self, disk: FullDisk, apology: str) -> None:
        super().__init__([])
        self._disk, self._apology = disk, apology
        self.lines_read = 0

    async def read_line(self, prompt: str) -> str | None:
        self.output.append(prompt)
        self.lines_read += 1
        if self.lines_read == 2:  # one answer saved first
            self._disk.fill()
        if self._apology in self.transcript or self.lines_read > MOST_LINES:
            return "quit"
        return "collectives" if self.lines_read > 1 and "(1-" not in prompt else "1"


@pytest.mark.parametrize(("language", "apology", "full", "bye"), [
    ("en", "Sorry,", "Sorry, that was not saved: the disk is full. Free some space on it, then try again.",
     "Bye! Your last step was not saved; everything before it is. Run the same command to carry on."),
    ("fr", "Désolé,", "Désolé, cela n’a pas été enregistré\u00a0: le disque est plein. Libérez-y de la place, "
     "puis réessayez.", "À bientôt\u00a0! Votre dernière action n’a pas été enregistrée\u00a0; tout ce qui précède "
     "l’est. Relancez la même commande pour continuer."),
])
async def test_a_full_disk_is_said_and_the_goodbye_claims_nothing_saved(
        tmp_path: Path, language: str, apology: str, full: str, bye: str) -> None:
    with disk_to_fill() as disk:
        async with services_on_sqlite(tmp_path, FIXTURE_CONTENT, seed=3) as services:
            io = PlayUntilRefused(disk, apology)
            await TerminalPlayer(services.engine, ACTOR, io).play(quiz="collectives", language=language)
    assert io.lines_read <= MOST_LINES, "the disk never filled up"
    # As read: the lines wrapped to the terminal's width joined again (a no-break space stays).
    said = re.sub(r" *\n+ *", " ", io.transcript.split(apology, 1)[1]).strip()
    assert (apology + " " + said).startswith(full + " ")
    assert said.endswith(bye)
