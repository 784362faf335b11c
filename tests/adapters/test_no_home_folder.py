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
