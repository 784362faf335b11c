"""alembic refuses some command lines itself, before storage/migrations/env.py runs (`downgrade 0016 --sql` without
FROM:TO, `upgrade head:`, `history -r` naming no revision), and exits 255 after its `FAILED:` line: a code README's
table lists nowhere and that tells a script nothing. `quiztutor migrate ...`, alembic's command line on this
release's migrations from any folder, exits 2 for those (a wrong command line, as argparse's usage errors), and
keeps env.py's codes for the rest (4 for no database)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from adapters.cli.exit_codes import ExitCode
from storage.database import sqlite_url
from storage.migrate import MIGRATIONS_DIR
from tests.adapters.test_closed_output import closed_stdout
from tests.storage.test_alembic_command_database import alembic


def quiztutor(cwd: Path, env: dict[str, str], *args: str) -> subprocess.CompletedProcess[str]:
    clean = {key: value for key, value in os.environ.items() if not key.startswith("QUIZ_")}
    return subprocess.run([sys.executable, "-m", "adapters.cli.main", *args], cwd=cwd, env={**clean, **env},
                          stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=60, check=False)


@pytest.mark.parametrize(("args", "said"), [
    (["downgrade", "0016", "--sql"], "FAILED: downgrade with --sql requires <fromrev>:<torev>"),
    (["upgrade", "head:"], "FAILED: Range revision not allowed"),
    (["history", "-r", "0016:nosuch"], "FAILED: Can't locate revision identified by 'nosuch'"),
])
def test_alembic_s_own_refusals_are_a_wrong_command_line(tmp_path: Path, args: list[str], said: str) -> None:
    env = {"QUIZ_DATA_DIR": str(tmp_path / "data")}
    assert alembic(tmp_path, env, *args).returncode == 255  # alembic's own, as README says of it
    done = quiztutor(tmp_path, env, "migrate", *args)
    assert done.returncode == ExitCode.CONFIGURATION, (done.returncode, done.stdout, done.stderr)
    assert said in done.stdout + done.stderr and "Traceback" not in done.stderr, (done.stdout, done.stderr)


def test_it_migrates_the_bot_s_database_from_any_folder(tmp_path: Path) -> None:
    data = tmp_path / "data"
    env = {"QUIZ_DATA_DIR": str(data)}
    missing = quiztutor(tmp_path, env, "migrate", "current")
    assert missing.returncode == ExitCode.DATABASE and "there is no database at" in missing.stdout + missing.stderr
    url = sqlite_url(data)
    data.mkdir()
    up = quiztutor(tmp_path, env, "migrate", "-x", f"url={url}", "upgrade", "head")
    assert up.returncode == 0 and "schema None -> " in up.stdout, (up.stdout, up.stderr)
    down = quiztutor(tmp_path, env, "migrate", "downgrade", "0016")
    assert down.returncode == 0 and f"the SQLite file {data / 'quiztutor.sqlite3'}: schema " in down.stdout, (
        down.stdout, down.stderr)
    assert down.stdout.rstrip().endswith("-> 0016"), down.stdout


@pytest.mark.parametrize(("args", "said"), [
    ([], "too few arguments: name an alembic command"),
    (["-c", "other.ini", "current"], "-c/--config: quiztutor migrate runs this release's own migrations"),
    (["frobnicate"], "invalid choice: 'frobnicate'"),
])
def test_a_command_line_it_can_t_take_is_refused_with_its_usage(tmp_path: Path, args: list[str], said: str) -> None:
    done = quiztutor(tmp_path, {"QUIZ_DATA_DIR": str(tmp_path / "data")}, "migrate", *args)
    assert done.returncode == ExitCode.CONFIGURATION, (done.returncode, done.stderr)
    assert done.stderr.startswith("usage: quiztutor migrate") and said in done.stderr, done.stderr



@pytest.mark.parametrize("args", [["init", "foo"], ["revision", "-m", "a change"], ["merge", "heads"],
                                  ["edit", "head"]])
def test_writing_migrations_is_left_to_alembic_in_the_source_folder(tmp_path: Path, args: list[str]) -> None:
    """`quiztutor migrate init foo` made a folder foo, then failed with an AssertionError traceback (exit 1);
    `revision` wrote a new migration into the installed release's own scripts; `edit` opened an editor on them."""
    versions = sorted((MIGRATIONS_DIR / "versions").iterdir())
    done = quiztutor(tmp_path, {"QUIZ_DATA_DIR": str(tmp_path / "data")}, "migrate", *args)
    assert done.returncode == ExitCode.CONFIGURATION, (done.returncode, done.stderr[-2000:])
    assert done.stderr.startswith("usage: quiztutor migrate") and (
        f"quiztutor migrate: error: {args[0]}: quiztutor migrate runs this release's migrations on the bot's "
        f"database; write a migration with alembic in the source folder: alembic -c storage/alembic.ini {args[0]} "
        "...") in done.stderr, done.stderr
    assert list(tmp_path.iterdir()) == [] and sorted((MIGRATIONS_DIR / "versions").iterdir()) == versions


def test_a_closed_output_is_refused_before_the_database_is_touched(tmp_path: Path) -> None:
    """Its one line on the database is what it is for: with stdout closed (`>&-`) env.py ended in a traceback."""
    done = closed_stdout(tmp_path, "migrate", "upgrade", "head")  # QUIZ_DATA_DIR: tmp_path / "data"
    assert done.returncode == ExitCode.CONFIGURATION, done.stderr
    assert done.stderr.startswith("quiztutor migrate: its standard output is closed (>&-)"), done.stderr
    assert not (tmp_path / "data").exists()


@pytest.mark.parametrize("command", ["quiztutor", "alembic"])
def test_a_setting_that_is_no_url_is_one_line_as_for_x_url(tmp_path: Path, command: str) -> None:
    """QUIZ_DATABASE_URL=garbage: SQLAlchemy's ArgumentError with its traceback, exit 1; `-x url=garbage`, `stats`
    and `play` said it in one line, exit 4."""
    env = {"QUIZ_DATABASE_URL": "garbage"}
    done = quiztutor(tmp_path, env, "migrate", "current") if command == "quiztutor" else alembic(tmp_path, env,
                                                                                                  "current")
    assert done.returncode == ExitCode.DATABASE, (done.returncode, done.stderr[-2000:])
    assert "Traceback" not in done.stderr, done.stderr
    assert done.stdout == ("FAILED: QUIZ_DATABASE_URL is not a database URL (e.g. "
                           "postgresql+asyncpg://user:password@host/db)\n"), done.stdout


def test_a_migration_that_reads_the_database_is_refused_as_sql(tmp_path: Path) -> None:
    """`quiztutor migrate upgrade 0021:0022 --sql`: 0022 reads the open quizzes to write its rows, and printing SQL
    has no database to read (alembic's offline mode): an AttributeError traceback, exit 1. Refused as alembic refuses
    what it can't print (a SQLite batch operation): its FAILED line, exit 2."""
    done = quiztutor(tmp_path, {"QUIZ_DATA_DIR": str(tmp_path)}, "migrate", "upgrade", "0021:0022", "--sql")
    assert done.returncode == ExitCode.CONFIGURATION, (done.returncode, done.stderr[-2000:])
    assert "Traceback" not in done.stderr, done.stderr
    assert done.stdout.splitlines()[-1] == (
        "FAILED: 0022 reads the database's open quizzes to write its rows, so it can't be printed as SQL (--sql): "
        "run it on the database (without --sql)"), done.stdout
