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


@pytest.mark.parametrize("scheme", ["sqlite", "sqlite+pysqlite"])
def test_a_file_url_without_the_async_driver_is_refused_whether_or_not_the_file_is_there(
        tmp_path: Path, scheme: str) -> None:
    """`sqlite:////srv/quiz/quiztutor.sqlite3` (the driver left out) is refused by every command (exit 4); stats said
    "There is no database at ... yet" and exit 0 when the file was missing, so the URL's mistake went unseen until
    `run` refused it."""
    file = tmp_path / "quiztutor.sqlite3"
    done = quiztutor({"QUIZ_CONTENT_DIR": str(FIXTURES), "QUIZ_DATABASE_URL": f"{scheme}:///{file}"}, "stats")
    assert done.returncode == 4, done.stdout
    assert "QUIZ_DATABASE_URL needs an async driver" in done.stderr, done.stderr
    assert not file.exists()
