"""The SQLite URL an operator is shown (the README's QUIZ_DATABASE_URL row, the refusal of a database in memory)
names an absolute file, as it looks: SQLAlchemy reads `sqlite+aiosqlite:///srv/quiz.sqlite3` (three slashes) as
the relative srv/quiz.sqlite3, so copying that form put the database under whatever folder the bot started in, and
the next start from another folder found an empty one."""

from __future__ import annotations

import re
from pathlib import Path

from sqlalchemy.engine import make_url

from tests.adapters.test_env_file_values import quiztutor_in
from tests.adapters.test_settings_from_environment import FIXTURES

README = Path(__file__).resolve().parents[2] / "README.md"
SQLITE_URL = re.compile(r"sqlite\+aiosqlite://[^\s`)]+")


def test_the_readme_shows_a_sqlite_file_by_its_absolute_path() -> None:
    row = next(line for line in README.read_text(encoding="utf-8").splitlines()
               if line.startswith("| `QUIZ_DATABASE_URL` |"))
    shown = SQLITE_URL.findall(row)
    assert shown, row
    for url in shown:
        database = make_url(url).database
        assert database is not None and Path(database).is_absolute(), f"{url} names the relative {database}"


def test_the_refusal_of_a_database_in_memory_suggests_an_absolute_file(tmp_path: Path) -> None:
    env = {"QUIZ_CONTENT_DIR": str(FIXTURES), "QUIZ_DATABASE_URL": "sqlite+aiosqlite:///:memory:"}
    done = quiztutor_in(tmp_path, env, "play")
    assert done.returncode == 4, done.stderr
    suggested = SQLITE_URL.findall(done.stderr)
    assert suggested, done.stderr
    database = make_url(suggested[-1]).database
    assert database is not None and Path(database).is_absolute(), done.stderr
