"""Ctrl-D typed into a real terminal (a pty): at an empty prompt it ends the game with its goodbye; after some
letters it sends them without a newline, and the reply starts on a line of its own."""

from __future__ import annotations

import os
import pty
import select
import subprocess
import sys
import time

import pytest

CTRL_D = b"\x04"


def screen_until_exit(controller: int, process: subprocess.Popen[bytes], typed: list[bytes]) -> bytes:
    """What the terminal shows, typing each of ``typed`` at a prompt, until the game exits."""
    screen, deadline = b"", time.monotonic() + 30
    while process.poll() is None or select.select([controller], [], [], 0)[0]:
        assert time.monotonic() < deadline, screen.decode(errors="replace")
        if select.select([controller], [], [], 0.1)[0]:
            try:
                screen += os.read(controller, 65536)
            except OSError:  # the game closed its end: all shown
                break
            if typed and screen.endswith(b"> "):
                os.write(controller, typed.pop(0))
    return screen


def play_on_a_terminal(env: dict[str, str], typed: list[bytes], *args: str) -> tuple[int, bytes]:
    """`quiztutor play` in a pty, ``typed`` at its prompts: its exit code and all it showed."""
    controller, terminal = pty.openpty()
    try:
        process = subprocess.Popen([sys.executable, "-m", "adapters.cli.main", "play", "--user", "ctrl-d", *args],
                                   env=env, stdin=terminal, stdout=terminal, stderr=terminal)
        try:
            screen = screen_until_exit(controller, process, typed)
            return process.wait(timeout=30), screen
        finally:
            process.kill()
    finally:
        os.close(controller)
        os.close(terminal)


@pytest.mark.parametrize("quiz", [[], ["--quiz", "collectives"]])
@pytest.mark.parametrize(("typed", "line_ended"), [([CTRL_D], b"> \r\n"), ([b"ab" + CTRL_D + CTRL_D], b"> ab\r\n")])
def test_ctrl_d_ends_the_game_and_a_line_it_sent_gets_its_reply_on_a_line_of_its_own(
        env: dict[str, str], quiz: list[str], typed: list[bytes], line_ended: bytes) -> None:
    """"ab" then Ctrl-D twice showed "Choose a quiz (number or id) > abPlease choose a quiz by its number"."""
    code, screen = play_on_a_terminal(env, list(typed), *quiz)
    assert code == 0, screen
    assert line_ended in screen, screen
    assert screen.rstrip().endswith(b"run the same command to carry on."), screen
    assert b"Traceback" not in screen


def test_a_line_cut_short_still_gets_its_reply_right_under_it(env: dict[str, str]) -> None:
    code, screen = play_on_a_terminal(env, [b"x" * 3000 + b"\n", CTRL_D], "--quiz", "collectives")
    assert code == 0, screen
    assert b"x\r\nPlease type a number from 1 to 3" in screen, screen[-500:]  # no empty line between
