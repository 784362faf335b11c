"""A folder setting written "~/..." in an env file, where no shell expands it (docker --env-file, systemd's
EnvironmentFile, compose's .env): the home folder, as the operator meant."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "content"


def test_a_data_dir_under_the_home_folder_is_there_not_in_a_folder_named_tilde(tmp_path: Path) -> None:
    home, work = tmp_path / "home", tmp_path / "work"
    home.mkdir()
    work.mkdir()
    clean = {key: value for key, value in os.environ.items() if not key.startswith("QUIZ_")}
    done = subprocess.run([sys.executable, "-m", "adapters.cli.main", "play", "--user", "tilde"], input="help\nquit\n",
                          env={**clean, "HOME": str(home), "QUIZ_DATA_DIR": "~/quiz", "QUIZ_CONTENT_DIR": str(FIXTURES),
                               "PYTHONPATH": str(Path(__file__).resolve().parents[2])},
                          cwd=work, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert (home / "quiz" / "quiztutor.sqlite3").is_file()
    assert not (work / "~").exists()  # before: work/~/quiz/quiztutor.sqlite3, a trap for `rm -rf ~`


def test_another_users_home_that_isnt_there_is_named(tmp_path: Path) -> None:
    """"~nobody-here/quiz" was refused as "starts with ~, but this user has no home folder", which sent the operator
    looking at their own account."""
    clean = {key: value for key, value in os.environ.items() if not key.startswith("QUIZ_")}
    done = subprocess.run([sys.executable, "-m", "adapters.cli.main", "stats"], stdin=subprocess.DEVNULL,
                          env={**clean, "QUIZ_DATA_DIR": "~nobody-here/quiz", "QUIZ_CONTENT_DIR": str(FIXTURES)},
                          cwd=tmp_path, capture_output=True, text=True, timeout=60)
    assert (done.returncode, done.stderr.splitlines()) == (2, [
        "quiztutor: invalid configuration:",
        "  QUIZ_DATA_DIR: starts with ~nobody-here, but this machine has no user nobody-here: write the whole path"]), \
        done.stderr
    assert not any(tmp_path.iterdir())
