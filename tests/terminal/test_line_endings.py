"""What ends a line: "\\n", "\\r\\n", and a lone "\\r", which some terminals and pipes send (a serial console, an old
Mac's file, a program that writes "\\r" as Enter). Read from a file and from a pipe, through the real StdLineIO."""

from __future__ import annotations

import asyncio
import os
from pathlib import Path

from adapters.terminal.lines import StdLineIO
from adapters.terminal.player import TerminalPlayer
from bot.replies import Actor
from tests.support.engine_on_sqlite import services_on_sqlite

FIXTURE_CONTENT = Path(__file__).resolve().parents[1] / "fixtures" / "content"


async def test_a_lone_carriage_return_ends_a_line_in_a_file(tmp_path: Path) -> None:
    """"2\\r3\\r" was one line, "2\\r3", and the learner was told to type a number: two answers run together."""
    script = tmp_path / "answers.txt"
    script.write_bytes(b"2\r3\r\n4\n\r5")
    with script.open(encoding="utf-8") as stdin, (tmp_path / "shown.txt").open("w", encoding="utf-8") as stdout:
        io = StdLineIO(stdin, stdout)
        read = [await io.read_line("> ") for _ in range(6)]
    assert read == ["2", "3", "4", "", "5", None]  # "\r\n" is one break; "\n\r" two, with an empty line between


async def test_a_lone_carriage_return_from_a_pipe_is_read_at_once_and_a_newline_after_it_ends_nothing(
        tmp_path: Path) -> None:
    """A program that sends "1\\r" and waits for the reply gets it: the line is not held back for a "\\n"."""
    read_end, write_end = os.pipe()
    with os.fdopen(read_end, encoding="utf-8") as stdin, (tmp_path / "shown.txt").open("w") as stdout:
        io = StdLineIO(stdin, stdout)
        os.write(write_end, b"1\r")
        assert await asyncio.wait_for(io.read_line("> "), 10) == "1"
        os.write(write_end, b"\n2\r")  # the "\n" of a "\r\n" split across two writes
        assert await asyncio.wait_for(io.read_line("> "), 10) == "2"
        os.write(write_end, b"x" * 5000 + b"\r3\r")  # a long line is cut, and still ends at its "\r"
        assert await asyncio.wait_for(io.read_line("> "), 10) == "x" * 500
        assert await asyncio.wait_for(io.read_line("> "), 10) == "3"
        os.close(write_end)
        assert await asyncio.wait_for(io.read_line("> "), 10) is None


async def test_answers_ended_by_carriage_returns_are_each_an_answer(tmp_path: Path) -> None:
    script = tmp_path / "answers.txt"
    script.write_bytes(b"1\r1\r1\rquit\r")
    with script.open(encoding="utf-8") as stdin, (tmp_path / "shown.txt").open("w", encoding="utf-8") as stdout:
        async with services_on_sqlite(tmp_path, FIXTURE_CONTENT, seed=3) as services:
            io = StdLineIO(stdin, stdout)
            await TerminalPlayer(services.engine, Actor("terminal", "cr", "terminal"), io).play(
                quiz="collectives", language="en")
    shown = (tmp_path / "shown.txt").read_text(encoding="utf-8")
    assert "Question 3 of 3" in shown and "Please type a number" not in shown, shown
