"""`quiztutor play | head -3`: the reader of the output goes away early. Like a well-made Unix tool, the game ends
at once, quietly (no traceback, no "Exception ignored ... BrokenPipeError" as stdout closes at exit), and exits 0,
as `quiztutor export | head` does: it did what was asked up to where anyone was reading. So too when the terminal
hangs up under the game, or refuses it input."""

from __future__ import annotations

import os
import pty
import subprocess
import sys
import time
from pathlib import Path

import pytest

CONTENT = Path(__file__).resolve().parents[2] / "content"


def quiztutor(*args: str) -> list[str]:
    return [sys.executable, "-m", "adapters.cli.main", *args]


def read_until(fd: int, text: bytes, timeout: float = 30) -> bytes:
    seen, deadline = b"", time.monotonic() + timeout
    while text not in seen:
        assert time.monotonic() < deadline, f"never saw {text!r}: {seen!r}"
        chunk = os.read(fd, 65536)
        assert chunk, f"output ended before {text!r}: {seen!r}"
        seen += chunk
    return seen


def test_the_game_ends_quietly_with_0_when_its_reader_closes_the_pipe(env: dict[str, str]) -> None:
    """As with `| head -3` in a terminal: stdin stays open, the reader of stdout is gone. The next thing shown
    finds the pipe closed, and the game ends without waiting for more input."""
    process = subprocess.Popen(quiztutor("play", "--user", "head"), env=env, stdin=subprocess.PIPE,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert process.stdin is not None and process.stdout is not None and process.stderr is not None
    read_until(process.stdout.fileno(), b"Choose a quiz (number or id) > ")
    process.stdout.close()  # the reader goes away, as head does after its lines
    process.stdin.write(b"quizzes\n")  # something to show: the first write after the close fails
    process.stdin.flush()
    try:
        code = process.wait(timeout=30)  # stdin still open: it must not wait for another line
    finally:
        process.kill()
        process.stdin.close()
    errors = process.stderr.read().decode()
    process.stderr.close()
    assert (code, errors) == (0, "")


def test_a_reader_that_closes_early_leaves_export_quiet_and_0_too(env: dict[str, str]) -> None:
    everything = subprocess.run(quiztutor("export", str(CONTENT)), env=env, capture_output=True, timeout=60).stdout
    assert len(everything) > 65536  # more than a pipe holds (64 KiB on Linux): still writing when the reader goes
    process = subprocess.Popen(quiztutor("export", str(CONTENT)), env=env, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE)
    assert process.stdout is not None and process.stderr is not None
    os.read(process.stdout.fileno(), 10)  # the first bytes, as `head -c 10` reads
    process.stdout.close()
    code = process.wait(timeout=60)
    errors = process.stderr.read().decode()
    process.stderr.close()
    assert (code, errors) == (0, "")


def test_validate_keeps_its_verdict_when_the_reader_of_its_problems_goes_away(env: dict[str, str],
                                                                              tmp_path: Path) -> None:
    """`quiztutor validate | head` under `set -o pipefail`: invalid content still fails the pipeline (exit 1),
    quietly, however few of its problems were read."""
    quizzes = tmp_path / "content" / "quizzes"
    quizzes.mkdir(parents=True)
    for number in range(1500):  # about 150 kB of problems: more than a pipe holds, so still writing at the close
        (quizzes / f"broken-quiz-number-{number}.yaml").write_text("id: [\n")
    process = subprocess.Popen(quiztutor("validate", str(tmp_path / "content")), env=env, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE)
    assert process.stdout is not None and process.stderr is not None
    assert read_until(process.stdout.fileno(), b"broken-quiz-number-").startswith(b"1500 problems in ")
    process.stdout.close()
    code = process.wait(timeout=60)
    errors = process.stderr.read().decode()
    process.stderr.close()
    assert (code, errors) == (1, "")


@pytest.mark.parametrize("quiz", [[], ["--quiz", "collectives"]])
def test_a_terminal_that_hangs_up_under_the_game_ends_it_quietly_with_0(env: dict[str, str],
                                                                        quiz: list[str]) -> None:
    """An ssh session dropped with the game ignoring SIGHUP (`nohup`, or no controlling terminal): its terminal
    reads as ended and writing to it fails with EIO. The goodbye printed there failed with "quiztutor play failed:
    OSError: [Errno 5] Input/output error" and exit 1."""
    controller, terminal = pty.openpty()
    try:
        process = subprocess.Popen(quiztutor("play", "--user", "hang-up", *quiz), env=env, stdin=terminal,
                                   stdout=terminal, stderr=subprocess.PIPE)
    finally:
        os.close(terminal)
    assert process.stderr is not None
    try:
        try:
            read_until(controller, b"> ")  # at the quiz list's prompt, or at the question's
        finally:
            os.close(controller)  # the terminal hangs up
        code = process.wait(timeout=30)
    finally:
        process.kill()
    errors = process.stderr.read().decode()
    process.stderr.close()
    assert (code, errors) == (0, "")


# A session leader for the game's terminal that runs the game in the background, SIGTTIN ignored: the terminal
# then refuses it input, and a read fails with EIO (as on a terminal that hung up, on some systems).
BACKGROUND = """
import fcntl, os, signal, subprocess, sys, termios
os.setsid()
fcntl.ioctl(0, termios.TIOCSCTTY, 0)
def background():
    os.setpgid(0, 0)
    signal.signal(signal.SIGTTIN, signal.SIG_IGN)
sys.exit(subprocess.run(sys.argv[1:], preexec_fn=background).returncode)
"""


def test_a_read_that_fails_with_eio_ends_the_game_quietly_with_0(env: dict[str, str]) -> None:
    """It failed with "quiztutor play failed: OSError: [Errno 5] Input/output error" and exit 1."""
    controller, terminal = pty.openpty()
    try:
        process = subprocess.Popen([sys.executable, "-c", BACKGROUND, *quiztutor("play", "--user", "eio")], env=env,
                                   stdin=terminal, stdout=terminal, stderr=subprocess.PIPE)
        try:
            read_until(controller, b"> ")
            os.write(controller, b"help\n")  # the terminal has a line for it: the read is tried, and refused
            code = process.wait(timeout=30)
        finally:
            process.kill()
    finally:
        os.close(controller)
        os.close(terminal)
    assert process.stderr is not None
    errors = process.stderr.read().decode()
    process.stderr.close()
    assert (code, errors) == (0, "")
