"""`quiztutor play` without --user plays as the login name (LOGNAME, USER...). --user takes 64 characters at most
(a learner's id: PostgreSQL's varchar(64)), and argparse checks a default as if it were typed, so a longer login
(a directory account's "first.last@faculty.university.example") ended the player at once, on SQLite as on
PostgreSQL, with "argument --user: a name of 1 to 64 characters, not 70" (exit 2), naming an argument nobody
gave. The login is cut to the limit instead: one learner, run after run, on either database."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from storage.database import sqlite_url
from tests.terminal.test_terminal_encodings import quiztutor

LONG_LOGIN = "ngozi.okonkwo-adebayo@faculty-of-engineering.university.example.edu.ng"


@pytest.fixture(params=["sqlite", "postgresql"])
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        return sqlite_url(tmp_path / "data")
    url: str = request.getfixturevalue("postgres_url")
    return url


def test_a_login_name_over_64_characters_is_one_learner_on_every_database(env: dict[str, str],
                                                                          database_url: str) -> None:
    assert len(LONG_LOGIN) > 64
    login = {**env, "LOGNAME": LONG_LOGIN, "QUIZ_DATABASE_URL": database_url}
    first = subprocess.run(quiztutor("play"), input="language fr\nquit\n", env=login, capture_output=True,
                           text=True, timeout=60)
    assert (first.returncode, first.stderr) == (0, ""), first.stderr
    again = subprocess.run(quiztutor("play"), input="quit\n", env=login, capture_output=True, text=True, timeout=60)
    assert "À bientôt" in again.stdout, again.stdout  # the language chosen before: the same learner
