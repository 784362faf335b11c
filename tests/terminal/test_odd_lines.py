"""Lines a new learner may type or paste that are neither answers nor commands as meant: each gets a reply in
their language, never the apology for a failure."""

from __future__ import annotations

import codecs
import random
from pathlib import Path

from adapters.runtime import open_services
from adapters.settings import Settings
from adapters.terminal.lines import MAX_LINE_CHARS, ScriptedLineIO, StdLineIO
from adapters.terminal.player import TerminalPlayer
from bot.replies import Actor

FIXTURE_CONTENT = Path(__file__).resolve().parents[1] / "fixtures" / "content"
ACTOR = Actor("terminal", "newcomer", "terminal")


async def play(tmp_path: Path, lines: list[str], language: str) -> str:
    settings = Settings(data_dir=tmp_path, content_dir=FIXTURE_CONTENT)
    async with open_services(settings, rng=random.Random(3)) as services:
        io = ScriptedLineIO(lines)
        await TerminalPlayer(services.engine, ACTOR, io).play(quiz="collectives", language=language)
    return io.transcript


async def test_a_time_zone_of_hundreds_of_parts_is_an_unknown_zone(tmp_path: Path) -> None:
    """zoneinfo looks a name up as nested packages, one import per part: 245 of them overflowed the stack
    (RecursionError), and the learner got "Sorry, something went wrong" and the log an error."""
    command = "timezone "
    parts = "A/" * ((MAX_LINE_CHARS - len(command)) // 2) + "A"
    transcript = await play(tmp_path, [command + parts, "timezone Africa/Lagos", "quit"], "fr")
    flat = " ".join(transcript.split())  # as wrapped to the terminal's width, and French's no-break spaces
    assert "Je ne connais pas le fuseau horaire « A/A/A/" in flat
    assert "Votre fuseau horaire est désormais Africa/Lagos" in flat
    assert "Désolé" not in flat


async def test_a_byte_order_mark_before_the_first_line_is_not_part_of_it(tmp_path: Path) -> None:
    """A file saved by Windows' Notepad starts with one: piped in, its first line "2" was "\\ufeff2", and the
    learner read "There is no quiz called “2”" under a list with a 2 in it."""
    script = tmp_path / "answers.txt"
    script.write_bytes(codecs.BOM_UTF8 + b"2\r\n\xef\xbb\xbf3\n")
    with script.open(encoding="utf-8") as stdin, (tmp_path / "shown.txt").open("w", encoding="utf-8") as stdout:
        io = StdLineIO(stdin, stdout)
        assert [await io.read_line("> "), await io.read_line("> "), await io.read_line("> ")] == ["2", "\ufeff3", None]
