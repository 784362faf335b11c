"""`quiztutor stats` reads a SQLite file as it finds it: it never switches it to WAL, which changes the file's
header (and how any other application using it must open it), before refusing or reading it."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

from adapters.runtime import open_storage
from adapters.settings import Settings
from tests.adapters.test_settings_from_environment import FIXTURES, quiztutor


def journal_mode(file: Path) -> str:
    with sqlite3.connect(file) as connection:
        return str(connection.execute("PRAGMA journal_mode").fetchone()[0])


def test_another_applications_database_is_refused_without_being_switched_to_wal(tmp_path: Path) -> None:
    file = tmp_path / "app.db"
    with sqlite3.connect(file) as connection:
        connection.execute("CREATE TABLE accounts (id INTEGER)")
    before = file.read_bytes()
    done = quiztutor({"QUIZ_CONTENT_DIR": str(FIXTURES), "QUIZ_DATABASE_URL": f"sqlite+aiosqlite:///{file}"},
                     "stats")
    assert done.returncode == 4, done.stderr
    assert "already holds tables of another application (accounts)" in done.stderr, done.stderr
    assert journal_mode(file) == "delete"
    assert file.read_bytes() == before
    assert sorted(path.name for path in tmp_path.iterdir()) == ["app.db"]  # no -wal or -shm beside it


def test_a_quiztutor_database_in_rollback_journal_mode_is_read_and_left_so(tmp_path: Path) -> None:
    """A copy made with `sqlite3 .backup` into a file of another mode, say: read, not converted."""
    data = tmp_path / "data"

    async def create() -> None:
        async with open_storage(Settings(data_dir=data, content_dir=FIXTURES)):
            pass
    asyncio.run(create())
    file = data / "quiztutor.sqlite3"
    with sqlite3.connect(file) as connection:
        connection.execute("PRAGMA journal_mode=DELETE")
    before = file.read_bytes()
    done = quiztutor({"QUIZ_CONTENT_DIR": str(FIXTURES), "QUIZ_DATA_DIR": str(data)}, "stats")
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("No answers yet"), done.stdout
    assert journal_mode(file) == "delete"
    assert file.read_bytes() == before
