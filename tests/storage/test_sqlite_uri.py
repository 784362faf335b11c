"""A SQLite URL in URI form (``sqlite:///file:/path?mode=ro&uri=true``) names the file after ``file:``: the
folders made for it and the process lock beside it are there, not under a ``file:`` folder in the working
directory."""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlalchemy.engine import make_url

from storage.database import create_engine, sqlite_file
from storage.process_lock import process_lock


@pytest.mark.parametrize(("url", "file"), [
    ("sqlite+aiosqlite:///file:/data/quiz.sqlite3?mode=ro&uri=true", Path("/data/quiz.sqlite3")),
    ("sqlite+aiosqlite:////data/quiz.sqlite3", Path("/data/quiz.sqlite3")),
    ("sqlite+aiosqlite:////data/file:odd.sqlite3", Path("/data/file:odd.sqlite3")),  # a plain path
    # The URL's %25 is SQLAlchemy's "%", and SQLite decodes the %20 it then reads in the URI: a space.
    ("sqlite+aiosqlite:///file:/data/my%2520quiz.sqlite3?uri=true", Path("/data/my quiz.sqlite3")),
    ("sqlite+aiosqlite:///file:shared?mode=memory&cache=shared&uri=true", None),
    ("sqlite+aiosqlite:///file::memory:?uri=true", None),
    ("sqlite+aiosqlite:///:memory:", None),
    ("postgresql+asyncpg://quiz@db/quiz", None),
])
def test_the_file_a_url_names(url: str, file: Path | None) -> None:
    assert sqlite_file(make_url(url)) == file


async def test_a_uri_url_makes_its_folders_and_lock_beside_the_file_not_in_the_working_directory(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    work, data = tmp_path / "work", tmp_path / "data" / "nested"
    work.mkdir()
    monkeypatch.chdir(work)
    url = f"sqlite+aiosqlite:///file:{data / 'quiz.sqlite3'}?uri=true"
    engine = create_engine(url)
    try:
        assert data.is_dir()
        async with process_lock(url, "telegram poller"):
            assert [path.name for path in data.iterdir()] == ["quiz.sqlite3.telegram-poller.lock"]
    finally:
        await engine.dispose()
    assert list(work.iterdir()) == []  # no file: folder
