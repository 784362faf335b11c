"""Shared fixtures: paths to test content, and a throwaway PostgreSQL 15 server for the storage tests."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import NoReturn

import pytest
from sqlalchemy.engine import make_url

from tests.fakes.clock import FixedClock

TESTS_DIR = Path(__file__).resolve().parent
FIXTURE_CONTENT = TESTS_DIR / "fixtures" / "content"
PG_FALLBACK_BINDIR = Path("/usr/lib/postgresql/15/bin")
PG_START_TIMEOUT_S = 60
TEST_SETTINGS = {"QUIZ_TEST_POSTGRES_URL", "QUIZ_REQUIRE_POSTGRES"}  # meant for the tests; other QUIZ_* aren't


@pytest.fixture(autouse=True)
def _no_settings_from_the_shell(monkeypatch: pytest.MonkeyPatch) -> None:
    """A developer's QUIZ_DATABASE_URL, QUIZ_QUESTION_SECONDS... must not reach the tests (or their database)."""
    for name in [name for name in os.environ if name.startswith("QUIZ_") and name not in TEST_SETTINGS]:
        monkeypatch.delenv(name)


@pytest.fixture
def fixture_content() -> Path:
    """The small test quizzes (read-only: copy them before changing anything)."""
    return FIXTURE_CONTENT


@pytest.fixture
def clock() -> FixedClock:
    """A clock standing still at a fixed moment, until a test advances it."""
    return FixedClock()


@pytest.fixture
def content_dir(tmp_path: Path, fixture_content: Path) -> Path:
    """A private copy of the test quizzes, which a test may edit or break before a reload."""
    copy = tmp_path / "content"
    shutil.copytree(fixture_content, copy)
    return copy


# -- PostgreSQL ---------------------------------------------------------------------------------


def _pg_bindir() -> Path | None:
    try:
        found = subprocess.run(["pg_config", "--bindir"], capture_output=True, text=True, check=True, timeout=10)
        candidates = [Path(found.stdout.strip()), PG_FALLBACK_BINDIR]
    except (OSError, subprocess.SubprocessError):
        candidates = [PG_FALLBACK_BINDIR]
    # Debian's pg_config may belong to the client package only: the server binaries must be there too.
    return next((path for path in candidates if (path / "initdb").is_file() and (path / "pg_ctl").is_file()), None)


def _as_postgres_user() -> list[str]:
    """initdb and postgres refuse to run as root: drop to the `postgres` system user when we are root."""
    if os.geteuid() != 0:
        return []
    if shutil.which("runuser"):
        return ["runuser", "-u", "postgres", "--"]
    return ["setpriv", "--reuid=postgres", "--regid=postgres", "--init-groups", "--"]


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _unavailable(reason: str) -> NoReturn:
    if os.environ.get("QUIZ_REQUIRE_POSTGRES") == "1":
        pytest.fail(f"PostgreSQL is required (QUIZ_REQUIRE_POSTGRES=1) but {reason}", pytrace=False)
    pytest.skip(f"PostgreSQL tests skipped: {reason} (set QUIZ_TEST_POSTGRES_URL or install postgresql-15)")


class _Cluster:
    """A PostgreSQL cluster in a temporary directory, listening only on 127.0.0.1."""

    def __init__(self, bindir: Path) -> None:
        self.bindir = bindir
        self.prefix = _as_postgres_user()
        self.root = Path(tempfile.mkdtemp(prefix="quiztutor-pg-"))
        self.data = self.root / "data"
        self.log = self.root / "server.log"
        self.port = _free_port()
        if self.prefix:
            shutil.chown(self.root, user="postgres", group="postgres")

    def run(self, tool: str, *args: str) -> subprocess.CompletedProcess[str]:
        # cwd: the postgres user may not be allowed into the directory pytest runs from.
        return subprocess.run([*self.prefix, str(self.bindir / tool), *args], cwd=self.root, capture_output=True,
                              text=True, timeout=PG_START_TIMEOUT_S)

    def start(self) -> None:
        self._check(self.run("initdb", "-D", str(self.data), "-A", "trust", "-U", "postgres", "-E", "UTF8",
                             "--locale=C", "--no-sync"), "initdb")
        options = (f"-c listen_addresses=127.0.0.1 -p {self.port} -c unix_socket_directories={self.root} "
                   "-c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200")
        self._check(self.run("pg_ctl", "-D", str(self.data), "-l", str(self.log), "-o", options, "-w",
                             "-t", str(PG_START_TIMEOUT_S), "start"), "pg_ctl start")
        self._wait_until_ready()
        self._check(self.run("createdb", "-h", "127.0.0.1", "-p", str(self.port), "-U", "postgres",
                             "quiztutor_test"), "createdb")

    def stop(self) -> None:
        try:
            if self.data.is_dir():
                self.run("pg_ctl", "-D", str(self.data), "-m", "fast", "-w", "stop")
        finally:
            shutil.rmtree(self.root, ignore_errors=True)

    @property
    def url(self) -> str:
        return f"postgresql+asyncpg://postgres@127.0.0.1:{self.port}/quiztutor_test"

    def _wait_until_ready(self) -> None:
        deadline = time.monotonic() + PG_START_TIMEOUT_S
        while time.monotonic() < deadline:
            if self.run("pg_isready", "-q", "-h", "127.0.0.1", "-p", str(self.port)).returncode == 0:
                return
            time.sleep(0.1)
        raise RuntimeError(f"PostgreSQL did not accept connections within {PG_START_TIMEOUT_S} s\n{self._log_tail()}")

    def _check(self, result: subprocess.CompletedProcess[str], step: str) -> None:
        if result.returncode != 0:
            raise RuntimeError(f"{step} failed ({result.returncode}):\n{result.stdout}{result.stderr}"
                               f"{self._log_tail()}")

    def _log_tail(self) -> str:
        return self.log.read_text(errors="replace")[-2000:] if self.log.is_file() else ""


@pytest.fixture(scope="session")
def postgres_server_url() -> Iterator[str]:
    """A PostgreSQL server for this test run: QUIZ_TEST_POSTGRES_URL, else a throwaway local cluster."""
    given = os.environ.get("QUIZ_TEST_POSTGRES_URL")
    if given:
        yield given
        return
    bindir = _pg_bindir()
    if bindir is None:
        _unavailable(f"no PostgreSQL server binaries (pg_config --bindir, {PG_FALLBACK_BINDIR})")
    if os.geteuid() == 0 and (shutil.which("runuser") or shutil.which("setpriv")) is None:
        _unavailable("running as root, and neither runuser nor setpriv is available to drop privileges")
    cluster = _Cluster(bindir)
    try:
        cluster.start()
        yield cluster.url
    finally:
        cluster.stop()


@pytest.fixture
async def postgres_url(postgres_server_url: str) -> str:
    """The test database, emptied for this test: its ``public`` schema is dropped and created again.

    Much faster than CREATE DATABASE per test. A QUIZ_TEST_POSTGRES_URL database is wiped the same way.
    """
    import asyncpg

    server = make_url(postgres_server_url)
    connection = await asyncpg.connect(server.set(drivername="postgresql").render_as_string(hide_password=False))
    try:
        # A connection left over from an earlier test would block the DROP (or keep old tables cached).
        await connection.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                                 "WHERE datname = current_database() AND pid <> pg_backend_pid()")
        await connection.execute("DROP SCHEMA IF EXISTS public CASCADE; CREATE SCHEMA public")
    finally:
        await connection.close()
    return postgres_server_url
