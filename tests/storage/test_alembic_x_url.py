"""`alembic -c storage/alembic.ini -x url=...`: the database the operator names on the command line is checked as
QUIZ_DATABASE_URL is, and a failure names `-x url`, where the URL came from. It went straight to the driver: a port
that is no number was a traceback, one past 65535 was taken modulo 65536 (another port, another server), an
unescaped '@' in the password showed the rest of it as the host, an empty `-x url=` (a script's variable left
empty) migrated the bot's own database instead, and every FAILED line named QUIZ_DATABASE_URL, not set at all."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from adapters.cli.exit_codes import ExitCode
from storage.database import sqlite_url
from tests.storage.test_alembic_command_database import alembic, at_head
from tests.support.schema_revisions import previous_revision, revision


def refused(done: subprocess.CompletedProcess[str], line: str, code: ExitCode) -> None:
    output = done.stdout + done.stderr
    assert done.returncode == code, (done.returncode, output)  # `quiztutor`'s code for it, not alembic's 255
    assert "Traceback" not in output, output[-3000:]
    assert "s3cret" not in output and "pw@" not in output, output  # no piece of the password
    assert f"FAILED: {line}" in done.stdout, output[-3000:]


# As `quiztutor` tells them apart: a URL its settings' check refuses is a wrong setting (2), one the database's
# driver can't use a database that can't be used (4).
@pytest.mark.parametrize(("url", "line", "code"), [
    ("postgresql+asyncpg://quiz:s3cret-pw@127.0.0.1:abc/quiz", "-x url: its host and port can't be read",
     ExitCode.CONFIGURATION),
    ("postgresql+asyncpg://quiz:s3cret-pw@[::1/quiz", "-x url: its host and port can't be read",
     ExitCode.CONFIGURATION),
    ("postgresql+asyncpg://quiz:s3cret-pw@127.0.0.1:99999/quiz", "-x url: its port is not a number from 1 to 65535",
     ExitCode.CONFIGURATION),
    ("postgresql+asyncpg://quiz:s3cret@pw@127.0.0.1/quiz", "-x url: an '@' in it ends the password early",
     ExitCode.CONFIGURATION),
    ("no-url-at-all", "-x url is not a database URL", ExitCode.DATABASE),
    ("mysql://quiz:s3cret-pw@127.0.0.1/quiz", "the database driver in -x url isn't installed", ExitCode.DATABASE),
    ("sqlite:////srv/quiz/quiztutor.sqlite3", "-x url needs an async driver", ExitCode.DATABASE),
])
def test_a_url_that_cant_work_is_one_line_naming_x_url(tmp_path: Path, url: str, line: str, code: ExitCode) -> None:
    done = alembic(tmp_path, {}, "-x", f"url={url}", "upgrade", "head")
    refused(done, line, code)
    assert "QUIZ_DATABASE_URL" not in done.stdout + done.stderr, done.stdout  # not set: the URL is -x url's


@pytest.mark.parametrize("argument", ["url=", "url"])
async def test_an_empty_x_url_is_refused_not_taken_for_the_bots_database(tmp_path: Path, argument: str) -> None:
    """`alembic ... -x url=$OLD downgrade 0016` with $OLD unset downgraded the production database."""
    data_dir = tmp_path / "bot-data"
    await at_head(sqlite_url(data_dir))
    before = await revision(sqlite_url(data_dir))
    done = alembic(tmp_path, {"QUIZ_DATA_DIR": str(data_dir)}, "-x", argument, "downgrade", previous_revision())
    refused(done, "-x url is empty", ExitCode.CONFIGURATION)
    assert await revision(sqlite_url(data_dir)) == before


@pytest.mark.parametrize("through", ["-x url", "QUIZ_DATA_DIR"])
def test_a_folder_where_the_sqlite_file_goes_is_said_to_be_one(tmp_path: Path, through: str) -> None:
    """It said "can't open the SQLite file ...: does its folder exist and is it writable?", both true, where
    `quiztutor` says it is a folder (storage/database.py checks it before SQLite is asked)."""
    folder = tmp_path / "data" / "quiztutor.sqlite3"
    folder.mkdir(parents=True)
    if through == "-x url":
        done = alembic(tmp_path, {}, "-x", f"url=sqlite+aiosqlite:///{folder}", "downgrade", "0016")
    else:
        done = alembic(tmp_path, {"QUIZ_DATA_DIR": str(folder.parent)}, "downgrade", "0016")
    refused(done, f"{folder} is a folder, where QuizTutor needs a SQLite file: name the file in "
            f"{'-x url' if through == '-x url' else 'QUIZ_DATABASE_URL'}", ExitCode.DATABASE)
    assert list(folder.iterdir()) == []


@pytest.mark.parametrize(("url", "line", "code"), [
    ("no-url-at-all", "-x url is not a database URL", ExitCode.DATABASE),
    ("postgresql+asyncpg://quiz:s3cret-pw@127.0.0.1:abc/quiz", "-x url: its host and port can't be read",
     ExitCode.CONFIGURATION),
])
def test_offline_sql_too_refuses_in_one_line(tmp_path: Path, url: str, line: str, code: ExitCode) -> None:
    """`alembic ... upgrade head --sql` (the SQL printed, not run) didn't go through the command's failure
    handling: a traceback for a URL that is none, and alembic's 255 for the rest."""
    done = alembic(tmp_path, {}, "-x", f"url={url}", "upgrade", "head", "--sql")
    refused(done, line, code)


@pytest.mark.parametrize("url", ["sqlite+aiosqlite:///:memory:", "sqlite+aiosqlite://",
                                 "sqlite+aiosqlite:///file::memory:?uri=true"])
@pytest.mark.parametrize("through", ["-x url", "QUIZ_DATABASE_URL"])
def test_a_sqlite_database_in_memory_is_refused_not_migrated(tmp_path: Path, url: str, through: str) -> None:
    """It said "the SQLite database: schema None -> 0021" and exit 0: a database made, migrated and gone at exit,
    while the operator took it for done (a URL with three slashes too many or too few). `quiztutor` refuses it."""
    if through == "-x url":
        done = alembic(tmp_path, {}, "-x", f"url={url}", "upgrade", "head")
    else:
        done = alembic(tmp_path, {"QUIZ_DATABASE_URL": url}, "upgrade", "head")
    refused(done, f"{through} names a SQLite database in memory, which would lose everything at exit",
            ExitCode.DATABASE)
    assert "->" not in done.stdout and list(tmp_path.iterdir()) == [], done.stdout
