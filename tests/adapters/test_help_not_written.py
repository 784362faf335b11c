"""`quiztutor --help > /dev/full` (a full disk) exited 0 having written nothing: argparse drops any failure to
print. The help is output like any command's: its failure is said, with why, and exits 2 (README's table)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from adapters.cli.exit_codes import ExitCode

FULL = Path("/dev/full")  # every write to it fails with ENOSPC, as to a full disk


def run(*args: str, stdout: int | Path, unbuffered: bool) -> subprocess.CompletedProcess[str]:
    clean = {key: value for key, value in os.environ.items()
             if not key.startswith("QUIZ_") and key != "PYTHONUNBUFFERED"}
    extra = {"PYTHONUNBUFFERED": "1"} if unbuffered else {}
    command = [sys.executable, "-m", "adapters.cli.main", *args]
    if isinstance(stdout, Path):
        with stdout.open("w") as out:
            return subprocess.run(command, env={**clean, **extra}, stdin=subprocess.DEVNULL, stdout=out,
                                  stderr=subprocess.PIPE, text=True, timeout=60)
    return subprocess.run(command, env={**clean, **extra}, stdin=subprocess.DEVNULL, stdout=stdout,
                          stderr=subprocess.PIPE, text=True, timeout=60)


@pytest.mark.skipif(not FULL.exists(), reason="needs /dev/full (Linux)")
@pytest.mark.parametrize("unbuffered", [True, False])
@pytest.mark.parametrize(("args", "who"), [(["--help"], "quiztutor"), (["validate", "-h"], "quiztutor validate")])
def test_help_that_cant_be_written_is_said_with_why_and_exit_2(args: list[str], who: str, unbuffered: bool) -> None:
    done = run(*args, stdout=FULL, unbuffered=unbuffered)
    assert done.returncode == ExitCode.CONFIGURATION, done.stderr
    assert done.stderr.splitlines() == [
        f"{who}: its standard output couldn't be written (No space left on device), so what it printed is missing "
        "or cut short: send it where it can be written"], done.stderr


def test_help_written_still_exits_0() -> None:
    done = run("--help", stdout=subprocess.PIPE, unbuffered=False)
    assert done.returncode == ExitCode.OK and done.stdout.startswith("usage: quiztutor") and done.stderr == ""
