"""QUIZ_DATA_DIR may hold any character a folder name may: the SQLite URL made from it is read back as that folder.
Written into the URL as it was, a '?' began its query and a '%41' was decoded, so the database went elsewhere:
"/srv/quiz?1" made the file /srv/quiz the database, "/srv/100%41" a folder /srv/100A."""

from __future__ import annotations

from pathlib import Path

import pytest

from adapters.runtime import open_storage
from adapters.settings import Settings
from bot.records import UserRecord
from storage.process_lock import process_lock


@pytest.mark.parametrize("name", ["quiz?x=1", "100%41", "a#b", "at@home:2", "café 50%"])
async def test_the_database_and_its_lock_are_in_the_data_folder_whatever_its_name(tmp_path: Path,
                                                                                  name: str) -> None:
    data_dir = tmp_path / name / "data"
    settings = Settings(data_dir=data_dir)
    async with open_storage(settings) as unit_of_work, unit_of_work() as uow:
        await uow.users.add(UserRecord(platform="terminal", platform_user_id="ada"))
        await uow.commit()
    async with process_lock(settings.resolved_database_url, "terminal-test"):
        assert made(tmp_path) == [name, f"{name}/data", f"{name}/data/quiztutor.sqlite3",
                                  f"{name}/data/quiztutor.sqlite3.terminal-test.lock"]


def made(folder: Path) -> list[str]:
    """Everything under ``folder``, the SQLite file's -wal and -shm (there while it is open) left out."""
    return sorted(str(path.relative_to(folder)) for path in folder.rglob("*")
                  if not path.name.endswith(("-wal", "-shm")))
