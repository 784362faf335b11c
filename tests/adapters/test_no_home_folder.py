"""A user with no home folder (no HOME, and no entry in the password database: a container run as an arbitrary uid
with its environment cleared) gets QUIZ_DATA_DIR named, as for any setting that can't work (exit 2), not a traceback
from the default folder ~/.local/share/quiztutor."""

from __future__ import annotations

import os
import pwd
import subprocess
import sys
from pathlib import Path

import pytest

from adapters.cli.exit_codes import ExitCode

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "content"
NOBODY_KNOWN = 54_321  # a uid with no entry in /etc/passwd, mapped onto ours in a user namespace
AS_UNKNOWN_USER = ["unshare", "--user", f"--map-user={NOBODY_KNOWN}", f"--map-group={NOBODY_KNOWN}"]


def test_no_home_folder_names_quiz_data_dir_instead_of_a_traceback() -> None:
    try:
        pwd.getpwuid(NOBODY_KNOWN)
        pytest.skip(f"uid {NOBODY_KNOWN} has an entry here")
    except KeyError:
        pass
    try:
        usable = subprocess.run([*AS_UNKNOWN_USER, "true"], capture_output=True).returncode == 0
    except FileNotFoundError:
        usable = False
    if not usable:
        pytest.skip("no unprivileged user namespaces here (unshare --user)")
    env = {key: value for key, value in os.environ.items()
           if key not in ("HOME", "XDG_DATA_HOME") and not key.startswith("QUIZ_")}
    done = subprocess.run([*AS_UNKNOWN_USER, sys.executable, "-m", "adapters.cli.main", "stats"],
                          env={**env, "QUIZ_CONTENT_DIR": str(FIXTURES)}, capture_output=True, text=True, timeout=60)
    assert "Traceback" not in done.stderr, done.stderr
    assert done.returncode == ExitCode.CONFIGURATION, done.stderr
    assert "QUIZ_DATA_DIR: " in done.stderr and "no home folder" in done.stderr, done.stderr


def test_a_relative_xdg_data_home_is_ignored_as_the_xdg_spec_says(tmp_path: Path) -> None:
    """The XDG Base Directory spec: a relative path in XDG_DATA_HOME is invalid, to be ignored. Taken as it was, it
    put the database under the folder each command started in: `quiztutor run` started elsewhere began afresh."""
    home, elsewhere = tmp_path / "home", tmp_path / "elsewhere"
    elsewhere.mkdir()
    env = {key: value for key, value in os.environ.items() if not key.startswith("QUIZ_")}
    done = subprocess.run([sys.executable, "-m", "adapters.cli.main", "stats"], cwd=elsewhere,
                          env={**env, "HOME": str(home), "XDG_DATA_HOME": "data", "QUIZ_CONTENT_DIR": str(FIXTURES)},
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert f"There is no database at {home / '.local/share/quiztutor/quiztutor.sqlite3'} yet" in done.stdout, \
        done.stdout
