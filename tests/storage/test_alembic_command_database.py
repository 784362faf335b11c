"""`alembic -c storage/alembic.ini` without `-x url` migrates the database the bot uses (README: Rolling back):
QUIZ_DATABASE_URL, else the SQLite file in QUIZ_DATA_DIR. It used storage/alembic.ini's
sqlite+aiosqlite:///data/quiztutor.sqlite3, relative to the current folder: a traceback in the image (/app/data
doesn't exist), and elsewhere a database the operator didn't mean, opened or made."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from alembic.script import ScriptDirectory
from sqlalchemy import make_url

from adapters.cli.exit_codes import ExitCode
from storage.database import create_engine, sqlite_url
from storage.migrate import MIGRATIONS_DIR, alembic_config
from tests.support.migrations import migrate
from tests.support.schema_revisions import previous_revision, revision

ALEMBIC_INI = MIGRATIONS_DIR.parent / "alembic.ini"


def alembic(cwd: Path, env: dict[str, str], *args: str) -> subprocess.CompletedProcess[str]:
    """The operator's command, from ``cwd``, with ``env`` its only QUIZ_* settings."""
    clean = {key: value for key, value in os.environ.items() if not key.startswith("QUIZ_")}
    return subprocess.run([sys.executable, "-m", "alembic", "-c", str(ALEMBIC_INI), *args], cwd=cwd,
                          env={**clean, **env}, stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=60)


async def at_head(url: str) -> None:
    engine = create_engine(url)
    try:
        await migrate(engine, "upgrade", "head")
    finally:
        await engine.dispose()


def a_checkout_with_a_data_folder(tmp_path: Path) -> Path:
    """A current folder holding a data/ folder, as storage/alembic.ini's old default would have used."""
    (tmp_path / "checkout" / "data").mkdir(parents=True)
    return tmp_path / "checkout"


async def test_without_x_url_it_downgrades_the_sqlite_file_in_quiz_data_dir(tmp_path: Path) -> None:
    checkout, data_dir = a_checkout_with_a_data_folder(tmp_path), tmp_path / "bot-data"
    await at_head(sqlite_url(data_dir))
    done = alembic(checkout, {"QUIZ_DATA_DIR": str(data_dir)}, "downgrade", previous_revision())
    assert done.returncode == 0, done.stdout + done.stderr[-2000:]
    assert await revision(sqlite_url(data_dir)) == previous_revision()
    assert list((checkout / "data").iterdir()) == []  # nothing opened or made where the old default pointed


async def test_it_says_which_database_it_found_at_which_schema_and_left_at_which(tmp_path: Path) -> None:
    """The database comes from the bot's settings, unseen on the command line: a downgrade of the wrong one (a
    QUIZ_DATABASE_URL not exported in this shell, the SQLite file of a terminal game) said nothing at all."""
    data_dir, head = tmp_path / "bot-data", ScriptDirectory.from_config(alembic_config()).get_current_head()
    await at_head(sqlite_url(data_dir))
    down = alembic(tmp_path, {"QUIZ_DATA_DIR": str(data_dir)}, "downgrade", previous_revision())
    again = alembic(tmp_path, {"QUIZ_DATA_DIR": str(data_dir)}, "downgrade", previous_revision())
    file = data_dir / "quiztutor.sqlite3"
    assert down.returncode == again.returncode == 0, down.stdout + again.stdout
    assert down.stdout == f"the SQLite file {file}: schema {head} -> {previous_revision()}\n", down.stdout
    assert again.stdout == f"the SQLite file {file}: at schema {previous_revision()}\n", again.stdout


async def test_without_x_url_it_downgrades_the_database_in_quiz_database_url(tmp_path: Path,
                                                                             postgres_url: str) -> None:
    await at_head(postgres_url)
    done = alembic(tmp_path, {"QUIZ_DATABASE_URL": postgres_url, "QUIZ_DATA_DIR": str(tmp_path / "unused")},
                   "downgrade", previous_revision())
    assert done.returncode == 0, done.stdout + done.stderr[-2000:]
    assert await revision(postgres_url) == previous_revision()
    assert not (tmp_path / "unused").exists()


def test_without_x_url_no_database_there_yet_is_refused_in_one_line(tmp_path: Path) -> None:
    checkout, data_dir = a_checkout_with_a_data_folder(tmp_path), tmp_path / "never-run"
    done = alembic(checkout, {"QUIZ_DATA_DIR": str(data_dir)}, "upgrade", "head")
    assert done.returncode == ExitCode.DATABASE, done.returncode  # as `quiztutor`'s: not alembic's 255
    assert "Traceback" not in done.stderr, done.stderr
    assert f"FAILED: there is no database at {data_dir / 'quiztutor.sqlite3'}" in done.stdout, done.stdout
    assert not data_dir.exists() and list((checkout / "data").iterdir()) == []


def test_without_x_url_a_wrong_setting_is_refused_by_name_in_one_line(tmp_path: Path) -> None:
    done = alembic(tmp_path, {"QUIZ_DATABASE_URL": "postgresql+asyncpg://quiz:p@ss@db/quiz"}, "upgrade", "head")
    assert done.returncode == ExitCode.CONFIGURATION, done.returncode
    assert "Traceback" not in done.stderr, done.stderr
    assert "FAILED: QUIZ_DATABASE_URL: an '@' in it ends the password early" in done.stdout, done.stdout


async def test_x_url_still_names_the_database_whatever_the_settings_say(tmp_path: Path) -> None:
    named, data_dir = tmp_path, tmp_path / "bot-data"  # the -x url database: tmp_path/quiztutor.sqlite3
    await at_head(sqlite_url(data_dir))
    done = alembic(tmp_path, {"QUIZ_DATA_DIR": str(data_dir)}, "-x", f"url={sqlite_url(named)}", "upgrade", "head")
    assert done.returncode == 0, done.stdout + done.stderr[-2000:]
    assert await revision(sqlite_url(named)) == await revision(sqlite_url(data_dir))


def refused_in_one_line(done: subprocess.CompletedProcess[str], line: str) -> None:
    """Alembic's FAILED: line, saying what could not be used, and nothing else: no traceback, no password; and
    `quiztutor`'s exit code for a database it can't use."""
    assert done.returncode == ExitCode.DATABASE, (done.returncode, done.stdout)
    assert "Traceback" not in done.stderr, done.stderr[-3000:]
    assert "s3cret-pw" not in done.stdout + done.stderr, done.stdout + done.stderr
    assert f"FAILED: {line}" in done.stdout, done.stdout + done.stderr[-3000:]


def test_a_postgresql_nothing_listens_for_is_one_line_naming_it_without_its_password(
        tmp_path: Path, reserve_port: Callable[[], int]) -> None:
    url = f"postgresql+asyncpg://quiz:s3cret-pw@127.0.0.1:{reserve_port()}/quiz"
    done = alembic(tmp_path, {"QUIZ_DATABASE_URL": url}, "upgrade", "head")
    refused_in_one_line(done, f"can't reach {url.replace('s3cret-pw', '***')}: ")


def test_a_postgresql_refusing_the_role_is_one_line_without_its_password(tmp_path: Path, postgres_url: str) -> None:
    url = make_url(postgres_url).set(username="no_such_role", password="s3cret-pw")
    done = alembic(tmp_path, {"QUIZ_DATABASE_URL": url.render_as_string(hide_password=False)}, "upgrade", "head")
    refused_in_one_line(done, f"{url.render_as_string(hide_password=True)}: role \"no_such_role\" does "
                        "not exist")


async def test_a_revision_it_cant_find_is_a_command_line_mistake_exit_2(tmp_path: Path) -> None:
    await at_head(sqlite_url(tmp_path))
    done = alembic(tmp_path, {"QUIZ_DATA_DIR": str(tmp_path)}, "downgrade", "0999")
    assert done.returncode == ExitCode.CONFIGURATION, (done.returncode, done.stdout)
    assert "FAILED: Can't locate revision identified by '0999'" in done.stdout, done.stdout


def test_raiseerr_still_shows_the_traceback(tmp_path: Path) -> None:
    done = alembic(tmp_path, {"QUIZ_DATA_DIR": str(tmp_path / "never-run")}, "--raiseerr", "upgrade", "head")
    assert done.returncode == 1 and "Traceback" in done.stderr, done.stderr[-2000:]
    assert "there is no database at" in done.stderr, done.stderr[-2000:]


@pytest.mark.parametrize("command", [("upgrade", "head"), ("downgrade", "0016"), ("current",)])
async def test_a_database_a_newer_quiztutor_upgraded_is_said_so_exit_4(tmp_path: Path, command: tuple[str]) -> None:
    """It said "FAILED: Can't locate revision identified by '9999'", naming no database, and not that the schema
    is a newer release's, which the newer release's code must downgrade (README: Rolling back)."""
    await at_head(sqlite_url(tmp_path))
    with sqlite3.connect(tmp_path / "quiztutor.sqlite3") as newer:
        newer.execute("UPDATE alembic_version SET version_num = '9999'")
    done = alembic(tmp_path, {"QUIZ_DATA_DIR": str(tmp_path)}, *command)
    assert done.returncode == ExitCode.DATABASE, (done.returncode, done.stdout)
    assert "Traceback" not in done.stderr, done.stderr[-2000:]
    assert done.stdout.startswith(f"FAILED: the SQLite file {tmp_path / 'quiztutor.sqlite3'} is at schema 9999, "
                                  "which this QuizTutor doesn't know: a newer QuizTutor upgraded it"), done.stdout
    assert await revision(sqlite_url(tmp_path)) == "9999"  # left as it was


async def test_a_misspelt_setting_is_named_in_a_warning_as_quiztutor_names_it(tmp_path: Path) -> None:
    """QUIZ_DATABSE_URL left the command on QUIZ_DATA_DIR's SQLite file (a terminal game's, say) without a word,
    where `quiztutor run` warns of it: a downgrade meant for PostgreSQL went to that file."""
    await at_head(sqlite_url(tmp_path))
    done = alembic(tmp_path, {"QUIZ_DATA_DIR": str(tmp_path),
                              "QUIZ_DATABSE_URL": "postgresql+asyncpg://quiz:s3cret-pw@db/quiz"}, "current")
    assert done.returncode == 0, done.stdout + done.stderr[-2000:]
    assert "QUIZ_DATABSE_URL is not a QuizTutor setting, so it changes nothing (did you mean QUIZ_DATABASE_URL?)" \
        in done.stderr, done.stderr[-2000:]
    assert "s3cret-pw" not in done.stdout + done.stderr


async def test_a_sqlite_file_another_process_keeps_locked_is_said_to_be_locked(tmp_path: Path) -> None:
    """It said "the SQLite file ... failed: database is locked", SQLite's words, not what holds it nor what to do."""
    await at_head(sqlite_url(tmp_path))
    holder = sqlite3.connect(tmp_path / "quiztutor.sqlite3", isolation_level=None)
    try:
        holder.execute("BEGIN IMMEDIATE")  # as a bot still running, or migrating it, may hold it
        done = alembic(tmp_path, {"QUIZ_DATA_DIR": str(tmp_path)}, "downgrade", previous_revision())
    finally:
        holder.close()
    assert done.returncode == ExitCode.DATABASE, (done.returncode, done.stdout, done.stderr[-2000:])
    assert done.stdout.startswith(f"FAILED: the SQLite file {tmp_path / 'quiztutor.sqlite3'} is locked: another "
                                  "process kept it locked for over 5 seconds"), done.stdout
    assert await revision(sqlite_url(tmp_path)) != previous_revision()


async def test_stamp_purge_still_repairs_a_revision_it_doesnt_know(tmp_path: Path) -> None:
    """`alembic stamp --purge head` is alembic's way to set a database's revision whatever it was: the check above
    must not stand in its way."""
    await at_head(sqlite_url(tmp_path))
    with sqlite3.connect(tmp_path / "quiztutor.sqlite3") as newer:
        newer.execute("UPDATE alembic_version SET version_num = '9999'")
    done = alembic(tmp_path, {"QUIZ_DATA_DIR": str(tmp_path)}, "stamp", "--purge", "head")
    assert done.returncode == 0, (done.returncode, done.stdout, done.stderr[-2000:])
    assert await revision(sqlite_url(tmp_path)) == ScriptDirectory.from_config(alembic_config()).get_current_head()
