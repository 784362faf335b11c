"""A SQLite file that may be written in a folder that may not (a volume mounted read-only but for the file, a folder
chmod 555): SQLite can't make its -wal and -shm files beside it. The message names the folder; it said the file was
read-only, and an operator who made the file writable got the same refusal."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from adapters.cli.exit_codes import ExitCode
from tests.adapters.test_no_home_folder import AS_UNKNOWN_USER, NOBODY_KNOWN

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "content"


@pytest.mark.parametrize("command", [["play", "--lang", "en"], ["stats"]])
def test_a_folder_sqlite_cant_write_in_is_named_not_the_writable_file(tmp_path: Path, command: list[str]) -> None:
    try:
        usable = subprocess.run([*AS_UNKNOWN_USER, "true"], capture_output=True).returncode == 0
    except FileNotFoundError:
        usable = False
    if not usable:  # as another user than root, whose permissions a chmod doesn't limit
        pytest.skip("no unprivileged user namespaces here (unshare --user)")
    clean = {key: value for key, value in os.environ.items() if not key.startswith("QUIZ_")}
    data = tmp_path / "data"
    env = {**clean, "QUIZ_CONTENT_DIR": str(FIXTURES), "QUIZ_DATA_DIR": str(data)}
    main = [sys.executable, "-m", "adapters.cli.main"]
    made = subprocess.run([*main, "play"], input="quit\n", env=env, capture_output=True, text=True, timeout=60)
    assert made.returncode == 0, made.stderr
    file = data / "quiztutor.sqlite3"
    assert sorted(path.name for path in data.iterdir()) == [file.name]  # no -wal or -shm left
    data.chmod(0o555)
    try:
        done = subprocess.run([*AS_UNKNOWN_USER, *main, *command], input="quit\n", env=env, capture_output=True,
                              text=True, timeout=60)
    finally:
        data.chmod(0o755)
    assert done.returncode == ExitCode.DATABASE, (NOBODY_KNOWN, done.stdout, done.stderr)
    assert f"its folder {data} can't be written" in done.stderr, done.stderr
    assert "Traceback" not in done.stderr, done.stderr
