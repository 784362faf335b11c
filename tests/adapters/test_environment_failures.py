"""A broken environment gets one or two clear lines and a distinct exit code, not a traceback."""

from __future__ import annotations

import asyncio
import contextlib
import os
import resource
import socket
import sqlite3
import subprocess
import sys
import threading
from pathlib import Path

import asyncpg
import pytest

from adapters.cli.exit_codes import ExitCode
from storage.errors import describe

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "content"


def play(env: dict[str, str], limit_file_size: int | None = None, command: str = "play") -> \
        subprocess.CompletedProcess[str]:
    clean = {key: value for key, value in os.environ.items() if not key.startswith("QUIZ_")}

    def limit() -> None:
        if limit_file_size is not None:  # Python ignores SIGXFSZ, so writes past it fail like a full disk
            resource.setrlimit(resource.RLIMIT_FSIZE, (limit_file_size, limit_file_size))

    return subprocess.run([sys.executable, "-m", "adapters.cli.main", command], stdin=subprocess.DEVNULL,
                          env={**clean, "QUIZ_CONTENT_DIR": str(FIXTURES), **env}, capture_output=True,
                          text=True, timeout=60, preexec_fn=limit)


def one_clear_line(done: subprocess.CompletedProcess[str], code: ExitCode, *phrases: str) -> None:
    lines = done.stderr.strip().splitlines()
    assert done.returncode == code, done.stderr
    assert len(lines) <= 2 and "Traceback" not in done.stderr, done.stderr
    for phrase in phrases:
        assert phrase in done.stderr, done.stderr


def sqlite_at(path: Path) -> str:
    return f"sqlite+aiosqlite:///{path}"


def test_a_file_that_is_not_a_database(tmp_path: Path) -> None:
    (tmp_path / "junk.sqlite3").write_bytes(b"not a database at all" * 100)
    done = play({"QUIZ_DATABASE_URL": sqlite_at(tmp_path / "junk.sqlite3")})
    one_clear_line(done, ExitCode.DATABASE, "junk.sqlite3 is not a SQLite database")


@pytest.mark.parametrize("command", ["play", "stats"])
def test_a_data_dir_that_is_a_file(tmp_path: Path, command: str) -> None:
    """stats said "No answers yet ... There is no database at {tmp}/data/quiztutor.sqlite3 yet.", exit 0."""
    (tmp_path / "data").write_text("oops")
    done = play({"QUIZ_DATA_DIR": str(tmp_path / "data")}, command=command)
    one_clear_line(done, ExitCode.DATABASE, f"{tmp_path / 'data'} is a file, but QuizTutor needs a folder there (check "
                   "QUIZ_DATA_DIR, or QUIZ_DATABASE_URL if set)")


@pytest.mark.parametrize("command", ["play", "stats"])
@pytest.mark.parametrize("variable", ["QUIZ_DATA_DIR", "QUIZ_DATABASE_URL"])
def test_a_folder_under_a_file(tmp_path: Path, variable: str, command: str) -> None:
    """Was "{tmp}/data/quiz/2027 is a file, but QuizTutor needs a folder there (check QUIZ_DATA_DIR)", of a path that
    doesn't exist, and QUIZ_DATA_DIR named for a folder QUIZ_DATABASE_URL gave."""
    (tmp_path / "data").write_text("oops")
    folder = tmp_path / "data" / "quiz" / "2027"
    done = play({"QUIZ_DATA_DIR": str(folder)} if variable == "QUIZ_DATA_DIR"
                else {"QUIZ_DATABASE_URL": sqlite_at(folder / "quiz.sqlite3")}, command=command)
    one_clear_line(done, ExitCode.DATABASE, f"the database can't be used: {tmp_path / 'data'} is a file, but "
                   f"QuizTutor needs a folder there (check QUIZ_DATA_DIR, or QUIZ_DATABASE_URL if set)\n")


@pytest.mark.parametrize("command", ["play", "stats"])
def test_a_database_url_naming_a_folder(tmp_path: Path, command: str) -> None:
    """Was "can't open the SQLite file ...: does its folder exist and is it writable?", of a folder that exists and
    is, and now and then aiosqlite's worker thread printed a traceback after it ("RuntimeError: Event loop is
    closed": the failed open's clean-up reached the loop after the command had closed it)."""
    folder = tmp_path / "quiz"
    folder.mkdir()
    clean = {key: value for key, value in os.environ.items() if not key.startswith("QUIZ_")}
    done = subprocess.run([sys.executable, "-m", "adapters.cli.main", command], stdin=subprocess.DEVNULL,
                          env={**clean, "QUIZ_CONTENT_DIR": str(FIXTURES), "QUIZ_DATABASE_URL": sqlite_at(folder)},
                          capture_output=True, text=True, timeout=60)
    one_clear_line(done, ExitCode.DATABASE, f"{folder} is a folder, where QuizTutor needs a SQLite file: name the "
                   "file in QUIZ_DATABASE_URL (such as ")
    assert len(done.stderr.strip().splitlines()) == 1 and not any(folder.iterdir()), done.stderr


@pytest.mark.parametrize("table", ["users", "invoices"])  # one of our names, or none of them
def test_another_applications_database_is_left_as_it_was(tmp_path: Path, table: str) -> None:
    with sqlite3.connect(tmp_path / "theirs.sqlite3") as connection:
        connection.execute(f"CREATE TABLE {table} (name TEXT)")
    done = play({"QUIZ_DATABASE_URL": sqlite_at(tmp_path / "theirs.sqlite3")})
    one_clear_line(done, ExitCode.DATABASE, "already holds tables of another application")
    with sqlite3.connect(tmp_path / "theirs.sqlite3") as connection:
        tables = connection.execute("SELECT name FROM sqlite_master WHERE type = 'table'").fetchall()
    assert tables == [(table,)]  # none of ours added beside theirs


def test_a_database_from_a_newer_quiztutor(tmp_path: Path) -> None:
    with sqlite3.connect(tmp_path / "newer.sqlite3") as connection:
        connection.execute("CREATE TABLE alembic_version (version_num VARCHAR(32) PRIMARY KEY)")
        connection.execute("INSERT INTO alembic_version VALUES ('0099')")
    done = play({"QUIZ_DATABASE_URL": sqlite_at(tmp_path / "newer.sqlite3")})
    # What to do too: an operator rolling a release back met a dead end, the way back (a downgrade made with the newer
    # release's code) said nowhere.
    one_clear_line(done, ExitCode.DATABASE, "was set up by a newer QuizTutor or another application",
                   "downgrade it with the newer release first (README, \"Rolling back\")")


def test_a_read_only_database(tmp_path: Path) -> None:
    with sqlite3.connect(tmp_path / "ro.sqlite3") as connection:
        connection.execute("CREATE TABLE placeholder (x)")
    done = play({"QUIZ_DATABASE_URL": f"sqlite+aiosqlite:///file:{tmp_path / 'ro.sqlite3'}?mode=ro&uri=true"})
    one_clear_line(done, ExitCode.DATABASE, "is read-only")


def test_a_read_only_database_already_set_up(tmp_path: Path) -> None:
    """A file played before, now only readable (owned by whoever ran `sudo scripts/play` once, a backup restored
    read-only): the migrations had nothing to write, so the first write came after the welcome, and `play` ended
    with exit 1 and SQLAlchemy's "OperationalError: (sqlite3.OperationalError) attempt to write a readonly
    database" (and `run` would have served, failing at every message)."""
    file = tmp_path / "played.sqlite3"
    assert play({"QUIZ_DATABASE_URL": sqlite_at(file)}).returncode == ExitCode.OK
    done = play({"QUIZ_DATABASE_URL": f"sqlite+aiosqlite:///file:{file}?mode=ro&uri=true"})
    one_clear_line(done, ExitCode.DATABASE, "played.sqlite3 is read-only: QuizTutor needs to write to it")
    assert "Welcome" not in done.stdout


def test_a_full_disk(tmp_path: Path) -> None:
    done = play({"QUIZ_DATA_DIR": str(tmp_path)}, limit_file_size=20_000)
    one_clear_line(done, ExitCode.DATABASE, "quiztutor.sqlite3", "disk")


@pytest.mark.parametrize(("url", "phrase"), [
    ("not a url", "QUIZ_DATABASE_URL is not a database URL"),
    ("mysql+nosuchdriver://u:pw@localhost/db", "names a database QuizTutor can't use"),
    ("postgresql+psycopg2://u:pw@localhost/db", "isn't installed (psycopg2)"),
    ("postgresql+asyncpg://u:hunter2@127.0.0.1:1/db", "can't reach postgresql+asyncpg://u:***@127.0.0.1:1/db"),
    # The URL a hosted PostgreSQL hands out, libpq's: was "an option the database driver doesn't take", no more.
    ("postgresql+asyncpg://u:hunter2@127.0.0.1:1/db?sslmode=require",
     "(connect() got an unexpected keyword argument 'sslmode'): write ssl= instead of sslmode= (asyncpg's name for "
     "it, with the same values: ?ssl=require)"),
    ("sqlite+aiosqlite://", "names a SQLite database in memory"),
    ("sqlite://", "names a SQLite database in memory"),
    ("sqlite+aiosqlite:///file:x?mode=memory&uri=true", "names a SQLite database in memory"),
])
def test_a_database_url_that_cant_work(url: str, phrase: str) -> None:
    done = play({"QUIZ_DATABASE_URL": url})
    one_clear_line(done, ExitCode.DATABASE, phrase)
    assert "hunter2" not in done.stderr


def test_a_database_url_whose_port_is_not_postgresql() -> None:
    """Something else answers there (a web server): asyncpg's "rejected SSL upgrade" is a database failure too."""
    with socket.create_server(("127.0.0.1", 0)) as server:
        stop = threading.Event()

        def answer_like_a_web_server() -> None:
            server.settimeout(0.2)
            while not stop.is_set():
                with contextlib.suppress(TimeoutError):
                    connection, _address = server.accept()
                    with connection:
                        connection.sendall(b"HTTP/1.1 400 Bad Request\r\n\r\n")
        answering = threading.Thread(target=answer_like_a_web_server)
        answering.start()
        try:
            port = server.getsockname()[1]
            done = play({"QUIZ_DATABASE_URL": f"postgresql+asyncpg://u:hunter2@127.0.0.1:{port}/db"})
        finally:
            stop.set()
            answering.join()
    one_clear_line(done, ExitCode.DATABASE, f"can't reach postgresql+asyncpg://u:***@127.0.0.1:{port}/db")
    assert "hunter2" not in done.stderr


async def test_a_database_that_never_answers_is_named_as_out_of_reach_not_a_bare_timeout() -> None:
    """asyncpg's connect time-out is a TimeoutError without an errno or a message: `run` exited 1 with
    "TimeoutError: " and nothing else."""
    held: list[asyncio.StreamWriter] = []

    async def hold(_reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        held.append(writer)  # never answered

    server = await asyncio.start_server(hold, "127.0.0.1", 0)
    port = server.sockets[0].getsockname()[1]
    try:
        with pytest.raises(TimeoutError) as silent:
            await asyncpg.connect(f"postgresql://u:hunter2@127.0.0.1:{port}/db", timeout=0.5)
    finally:
        for writer in held:
            writer.close()
        server.close()
    assert describe(silent.value, f"postgresql+asyncpg://u:hunter2@127.0.0.1:{port}/db") == \
        f"can't reach postgresql+asyncpg://u:***@127.0.0.1:{port}/db: no answer in time"


def test_only_a_type_error_naming_an_option_of_the_urls_query_is_taken_for_a_setting_to_fix() -> None:
    refused = TypeError("connect() got an unexpected keyword argument 'sslpassword'")
    assert describe(refused, "postgresql+asyncpg://h/db?sslpassword=x") == \
        f"QUIZ_DATABASE_URL's query names an option the database driver doesn't take ({refused})"
    assert describe(refused, "postgresql+asyncpg://h/db") is None  # a bug of ours: traced, not blamed on the URL
    assert describe(TypeError("f() got an unexpected keyword argument 'x'"), "postgresql+asyncpg://h/db?y=1") is None


def test_debug_logging_adds_the_traceback(tmp_path: Path) -> None:
    (tmp_path / "junk.sqlite3").write_bytes(b"junk" * 100)
    done = play({"QUIZ_DATABASE_URL": sqlite_at(tmp_path / "junk.sqlite3"), "QUIZ_LOG_LEVEL": "DEBUG"})
    assert done.returncode == ExitCode.DATABASE and "Traceback" in done.stderr


def test_sqlites_own_disk_full_error_is_named(tmp_path: Path) -> None:
    connection = sqlite3.connect(tmp_path / "small.sqlite3")
    connection.execute("PRAGMA max_page_count = 2")
    with pytest.raises(sqlite3.OperationalError) as full:
        connection.execute("CREATE TABLE t (x)")
        connection.execute("INSERT INTO t VALUES (zeroblob(100000))")
    assert describe(full.value, sqlite_at(tmp_path / "small.sqlite3")) == \
        f"the disk holding the SQLite file {tmp_path / 'small.sqlite3'} is full"


def test_invalid_content_at_start_up_has_its_own_exit_code(tmp_path: Path) -> None:
    (tmp_path / "quizzes").mkdir()
    (tmp_path / "quizzes" / "bad.yaml").write_text("id: [\n")
    done = play({"QUIZ_CONTENT_DIR": str(tmp_path), "QUIZ_DATA_DIR": str(tmp_path / "data")})
    assert done.returncode == ExitCode.CONTENT and "bad.yaml: invalid YAML" in done.stderr
