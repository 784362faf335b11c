"""A command whose output is its product, started with its standard output closed (`quiztutor export >&-`):
one clear line and exit 2, as for a wrong setting, not a Python error about None."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from adapters.cli.exit_codes import ExitCode
from tests.adapters.test_settings_from_environment import FIXTURES


def closed_stdout(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    clean = {key: value for key, value in os.environ.items() if not key.startswith("QUIZ_")}
    env = {**clean, "QUIZ_CONTENT_DIR": str(FIXTURES), "QUIZ_DATA_DIR": str(tmp_path / "data")}
    return subprocess.run([sys.executable, "-m", "adapters.cli.main", *args], env=env, stdin=subprocess.DEVNULL,
                          stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, timeout=60,
                          preexec_fn=lambda: os.close(1))  # after the redirections: Python starts with no fd 1


@pytest.mark.parametrize("args", [["export"], ["stats"], ["stats", "--json"], ["validate"], ["schema", "--check"]])
def test_a_closed_output_is_told_with_exit_2(tmp_path: Path, args: list[str]) -> None:
    done = closed_stdout(tmp_path, *args)
    assert done.returncode == ExitCode.CONFIGURATION, done.stderr
    assert done.stderr.strip() == (f"quiztutor {args[0]}: its standard output is closed (>&-), so what it prints "
                                   "would go nowhere: send it to a file, or to /dev/null to discard it"), done.stderr
    assert not (tmp_path / "data").exists()  # nothing done that nobody could see


def test_a_reader_gone_early_is_still_quiet(tmp_path: Path) -> None:
    clean = {key: value for key, value in os.environ.items() if not key.startswith("QUIZ_")}
    done = subprocess.run(f"{sys.executable} -m adapters.cli.main export | head -c 10", shell=True, text=True,
                          env={**clean, "QUIZ_CONTENT_DIR": str(FIXTURES)}, capture_output=True, timeout=60,
                          executable="/bin/bash")
    assert (done.stdout, done.stderr) == ('{\n  "quizz', ""), done.stderr


@pytest.mark.parametrize(("args", "who"), [(["--help"], "quiztutor"), (["validate", "-h"], "quiztutor validate")])
def test_help_with_a_closed_output_is_told_with_exit_2(tmp_path: Path, args: list[str], who: str) -> None:
    """argparse sends help to stderr when stdout is None: `quiztutor --help >&-` printed it there and exited 0."""
    done = closed_stdout(tmp_path, *args)
    assert done.returncode == ExitCode.CONFIGURATION, done.stderr
    assert done.stderr.strip() == (f"{who}: its standard output is closed (>&-), so what it prints would go "
                                   "nowhere: send it to a file, or to /dev/null to discard it"), done.stderr
