"""`quiztutor stats` never creates or changes a database: not even a 0-byte file where the database would be (a
`touch`, a volume's placeholder), which SQLite would have written its header into."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.adapters.test_settings_from_environment import FIXTURES, quiztutor


@pytest.mark.parametrize("through", ["QUIZ_DATA_DIR", "QUIZ_DATABASE_URL"])
def test_an_empty_file_is_no_database_and_stays_empty(tmp_path: Path, through: str) -> None:
    data = tmp_path / "data dir"
    data.mkdir()
    file = data / "quiztutor.sqlite3"
    file.touch()
    setting = str(data) if through == "QUIZ_DATA_DIR" else f"sqlite+aiosqlite:///{file}"
    done = quiztutor({"QUIZ_CONTENT_DIR": str(FIXTURES), through: setting}, "stats")
    assert done.returncode == 0, done.stderr
    assert f"There is no database at {file} yet (the file is empty)." in done.stdout, done.stdout
    assert file.stat().st_size == 0
    assert sorted(path.name for path in data.iterdir()) == ["quiztutor.sqlite3"]  # no -wal or -shm beside it
