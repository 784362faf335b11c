"""A QUIZ_DATA_DIR this user may not enter (mode 000, another user's 700): `quiztutor stats` and `alembic -c
storage/alembic.ini` looked at the SQLite file in it with Path.exists()/is_file(), which raise PermissionError
there, and failed as a bug would: stats with "PermissionError: [Errno 13] ..." and exit 1, alembic with a
traceback. Now as `play` and `run` say it: the database can't be used, in one line, exit 4."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
from pathlib import Path

import pytest

from adapters.cli.exit_codes import ExitCode
from storage.database import sqlite_url
from tests.adapters.test_settings_from_environment import FIXTURES
from tests.storage.test_alembic_command_database import ALEMBIC_INI, at_head
from tests.support.unreadable import unprivileged, unreadable

COMMANDS = {
    "stats": [sys.executable, "-m", "adapters.cli.main", "stats"],
    "alembic": [sys.executable, "-m", "alembic", "-c", str(ALEMBIC_INI), "downgrade", "0016"],
}


@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_a_data_folder_it_may_not_enter_is_a_database_it_cant_use(tmp_path: Path, command: str) -> None:
    data = tmp_path / "data"
    asyncio.run(at_head(sqlite_url(data)))
    clean = {key: value for key, value in os.environ.items() if not key.startswith("QUIZ_")}
    with unreadable(data):
        done = subprocess.run([*unprivileged(), *COMMANDS[command]], cwd=tmp_path, capture_output=True, text=True,
                              env={**clean, "QUIZ_DATA_DIR": str(data), "QUIZ_CONTENT_DIR": str(FIXTURES)},
                              stdin=subprocess.DEVNULL, timeout=60, check=False)
    output = done.stdout + done.stderr
    assert done.returncode == ExitCode.DATABASE, (done.returncode, output[-3000:])
    assert "Traceback" not in output and "PermissionError" not in output, output[-3000:]
    assert f"{data / 'quiztutor.sqlite3'}" in output, output
