"""A content folder that isn't one, given as DIR or in QUIZ_CONTENT_DIR: `validate /missing` exited 1 (as for
problems in the quiz files), `export /missing`, `stats` and `play` 3 (invalid content), `schema` 2, each saying it
its own way. Now every command that reads the folder says it in the same line, naming where the path came from,
with exit 2, a wrong setting or command line, as `schema` did."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from adapters.cli.exit_codes import ExitCode
from tests.core.content_files import a_quiz, write
from tests.support.unreadable import unprivileged, unreadable

ADVICE = "(give the folder that contains quizzes/)"
# Each command, and whether it takes the folder as its DIR argument (else only from QUIZ_CONTENT_DIR).
COMMANDS = [("validate", True), ("export", True), ("validate", False), ("export", False), ("stats", False),
            ("play", False), ("run", False), ("schema", False)]


def _quiztutor(tmp_path: Path, command: str, folder: Path, as_argument: bool,
               prefix: list[str] | None = None) -> subprocess.CompletedProcess[str]:
    clean = {key: value for key, value in os.environ.items() if not key.startswith("QUIZ_")}
    env = {**clean, "QUIZ_DATA_DIR": str(tmp_path / "data")}
    if not as_argument:
        env["QUIZ_CONTENT_DIR"] = str(folder)
    args = [command, *([str(folder)] if as_argument else [])]
    return subprocess.run([*(prefix or []), sys.executable, "-m", "adapters.cli.main", *args], env=env,
                          input="quit\n", capture_output=True, text=True, timeout=60, check=False)


def _said(command: str, as_argument: bool, folder: Path, what: str) -> str:
    return f"quiztutor {command}: {'DIR' if as_argument else 'QUIZ_CONTENT_DIR'} names no folder: {folder} {what} " \
        + ADVICE


@pytest.mark.parametrize(("command", "as_argument"), COMMANDS)
def test_a_folder_that_doesnt_exist_is_one_line_and_exit_2(tmp_path: Path, command: str, as_argument: bool) -> None:
    missing = tmp_path / "no such folder"
    done = _quiztutor(tmp_path, command, missing, as_argument)
    assert (done.returncode, done.stdout) == (ExitCode.CONFIGURATION, ""), done.stdout + done.stderr
    assert done.stderr.splitlines() == [_said(command, as_argument, missing, "doesn't exist")], done.stderr
    assert not missing.exists()


@pytest.mark.parametrize(("command", "as_argument"), [("validate", True), ("export", True), ("play", False)])
def test_a_file_given_for_the_folder_is_one_line_and_exit_2(tmp_path: Path, command: str, as_argument: bool) -> None:
    file = tmp_path / "README.md"
    file.write_text("# not content\n", encoding="utf-8")
    done = _quiztutor(tmp_path, command, file, as_argument)
    assert (done.returncode, done.stdout) == (ExitCode.CONFIGURATION, ""), done.stdout + done.stderr
    assert done.stderr.splitlines() == [_said(command, as_argument, file, "is a file")], done.stderr


@pytest.mark.parametrize(("command", "as_argument"), [("validate", True), ("export", True), ("stats", False),
                                                   ("play", False)])
def test_a_folder_this_user_may_not_enter_is_one_line_and_exit_2(tmp_path: Path, command: str,
                                                                   as_argument: bool) -> None:
    content = tmp_path / "content"
    write(content, "sample.yaml", a_quiz())
    with unreadable(content):
        done = _quiztutor(tmp_path, command, content, as_argument, unprivileged())
    assert (done.returncode, done.stdout) == (ExitCode.CONFIGURATION, ""), done.stdout + done.stderr
    assert done.stderr.splitlines() == [_said(command, as_argument, content, "can't be read (Permission denied)")]
