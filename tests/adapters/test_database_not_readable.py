"""A SQLite file this user may not read, or in a folder this user may not enter: `quiztutor stats` (which only reads)
and `play` said "can't open the SQLite file ...: does its folder exist and is it writable?" (both true) of the
file, and "can't write to ...: Permission denied" of the folder. Now what this user may not do, named."""

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
from tests.storage.test_alembic_command_database import at_head
from tests.support.unreadable import unprivileged, unreadable

COMMANDS = {"stats": ["stats"], "play": ["play", "--lang", "en"]}


def _run(tmp_path: Path, data: Path, command: str) -> subprocess.CompletedProcess[str]:
    clean = {key: value for key, value in os.environ.items() if not key.startswith("QUIZ_")}
    return subprocess.run([*unprivileged(), sys.executable, "-m", "adapters.cli.main", *COMMANDS[command]],
                          cwd=tmp_path, capture_output=True, text=True, input="quit\n", timeout=60, check=False,
                          env={**clean, "QUIZ_DATA_DIR": str(data), "QUIZ_CONTENT_DIR": str(FIXTURES)})


def _one_line(done: subprocess.CompletedProcess[str], said: str) -> None:
    output = done.stdout + done.stderr
    assert done.returncode == ExitCode.DATABASE, (done.returncode, output[-3000:])
    assert "Traceback" not in output and "Event loop is closed" not in output, output[-3000:]
    assert said in done.stderr, done.stderr
    assert "writable?" not in done.stderr and "can't write" not in done.stderr, done.stderr


@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_a_sqlite_file_it_may_not_read_is_said_so(tmp_path: Path, command: str) -> None:
    data = tmp_path / "data"
    asyncio.run(at_head(sqlite_url(data)))
    file = data / "quiztutor.sqlite3"
    with unreadable(file):
        done = _run(tmp_path, data, command)
    _one_line(done, f"can't open the SQLite file {file}: this user may not read it")


@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_a_folder_it_may_not_enter_is_named(tmp_path: Path, command: str) -> None:
    data = tmp_path / "data"
    asyncio.run(at_head(sqlite_url(data)))
    with unreadable(data):
        done = _run(tmp_path, data, command)
    _one_line(done, f"can't open the SQLite file {data / 'quiztutor.sqlite3'}: this user may not enter the folder "
              f"{data}")
