"""A throwaway PostgreSQL 15 cluster on 127.0.0.1, for the tests and the soak script (as a non-root user)."""

from __future__ import annotations

import hashlib
import os
import shlex
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path

from tests.support.ports import reserved_port

PG_FALLBACK_BINDIR = Path("/usr/lib/postgresql/15/bin")
PG_START_TIMEOUT_S = 60


def pg_bindir() -> Path | None:
    try:
        found = subprocess.run(["pg_config", "--bindir"], capture_output=True, text=True, check=True, timeout=10)
        candidates = [Path(found.stdout.strip()), PG_FALLBACK_BINDIR]
    except (OSError, subprocess.SubprocessError):
        candidates = [PG_FALLBACK_BINDIR]
    # Debian's pg_config may belong to the client package only: the server binaries must be there too.
    return next((path for path in candidates if (path / "initdb").is_file() and (path / "pg_ctl").is_file()), None)


def as_postgres_user() -> list[str]:
    """initdb and postgres refuse to run as root: drop to the `postgres` system user when we are root."""
    if os.geteuid() != 0:
        return []
    if shutil.which("runuser"):
        return ["runuser", "-u", "postgres", "--"]
    return ["setpriv", "--reuid=postgres", "--regid=postgres", "--init-groups", "--"]


# Run beside a cluster: stops it and removes its directory once the process that started it is gone without doing
# so (killed: SIGTERM from `timeout` or a CI job's cancel, SIGKILL), as `pg_ctl start` detaches the server from it.
WATCHDOG = """
import os, shutil, subprocess, sys, time
owner, root, stop = int(sys.argv[1]), sys.argv[2], sys.argv[3:]
def alive():
    try:
        os.kill(owner, 0)
    except ProcessLookupError:
        return False
    return True
while alive() and os.path.isdir(root):
    time.sleep(0.5)
if os.path.isdir(root):
    subprocess.run(stop, cwd=root, capture_output=True, timeout=60)
    shutil.rmtree(root, ignore_errors=True)
"""


class Cluster:
    """A PostgreSQL cluster in a temporary directory, listening only on 127.0.0.1."""

    def __init__(self, bindir: Path, settings: dict[str, str] | None = None) -> None:
        self.bindir = bindir
        self.settings = settings or {}  # more server settings, e.g. a benchmark's shared_preload_libraries
        self.prefix = as_postgres_user()
        self.root = Path(tempfile.mkdtemp(prefix="quiztutor-pg-"))
        self.data = self.root / "data"
        self.log = self.root / "server.log"
        # Held until stop(): another pytest-xdist worker's cluster or server could take a port merely found free
        # first, and this one would fail to start (the server, setting SO_REUSEADDR, listens on it all the same).
        self._port_held = ExitStack()
        self.port = self._port_held.enter_context(reserved_port())
        if self.prefix:
            shutil.chown(self.root, user="postgres", group="postgres")

    def run(self, tool: str, *args: str) -> subprocess.CompletedProcess[str]:
        # cwd: the postgres user may not be allowed into the directory pytest runs from.
        return subprocess.run([*self.prefix, str(self.bindir / tool), *args], cwd=self.root, capture_output=True,
                              text=True, timeout=PG_START_TIMEOUT_S)

    def start(self) -> None:
        self._check(self.run("initdb", "-D", str(self.data), "-A", "trust", "-U", "postgres", "-E", "UTF8",
                             "--locale=C", "--no-sync"), "initdb")
        self._watch()
        self.start_server()
        self._check(self.run("createdb", "-h", "127.0.0.1", "-p", str(self.port), "-U", "postgres",
                             "quiztutor_test"), "createdb")

    def start_server(self) -> None:
        """Start the server of the cluster already made (again, after stop_server: as an operator restarts it)."""
        options = (f"-c listen_addresses=127.0.0.1 -p {self.port} -c unix_socket_directories={self.root} "
                   "-c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200"
                   + "".join(f" -c {name}={shlex.quote(value)}" for name, value in self.settings.items()))
        self._check(self.run("pg_ctl", "-D", str(self.data), "-l", str(self.log), "-o", options, "-w",
                             "-t", str(PG_START_TIMEOUT_S), "start"), "pg_ctl start")
        self._wait_until_ready()

    def stop_server(self) -> None:
        """Stop the server, keeping the cluster (`pg_ctl stop -m fast`: its clients are disconnected at once)."""
        self._check(self.run("pg_ctl", "-D", str(self.data), "-m", "fast", "-w", "stop"), "pg_ctl stop")

    def stop(self) -> None:
        try:
            if self.data.is_dir():
                self.run("pg_ctl", "-D", str(self.data), "-m", "fast", "-w", "stop")
        finally:
            shutil.rmtree(self.root, ignore_errors=True)
            self._port_held.close()

    def _watch(self) -> None:
        """The watchdog (WATCHDOG): in a session of its own, so that killing the tests' process group spares it."""
        stop = [*self.prefix, str(self.bindir / "pg_ctl"), "-D", str(self.data), "-m", "immediate", "-w", "stop"]
        subprocess.Popen([sys.executable, "-c", WATCHDOG, str(os.getpid()), str(self.root), *stop],
                         stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                         start_new_session=True)

    @contextmanager
    def running(self) -> Iterator[str]:
        """Started, its URL given; stopped and removed after, even when starting failed half-way."""
        try:
            self.start()
            yield self.url
        finally:
            self.stop()

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


def asyncpg_url(url: str) -> str:
    """The same database as SQLAlchemy's ``postgresql+asyncpg://`` URL, as asyncpg itself takes it."""
    from sqlalchemy.engine import make_url

    return make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)


async def end_other_sessions(url: str) -> None:
    """Disconnect every other client of the database, as a server restart or a proxy would."""
    import asyncpg

    connection = await asyncpg.connect(asyncpg_url(url))
    try:
        # With a timeout, each call waits until its backend is gone: after this, no connection of theirs works.
        await connection.execute("SELECT pg_terminate_backend(pid, 5000) FROM pg_stat_activity "
                                 "WHERE datname = current_database() AND pid <> pg_backend_pid()")
    finally:
        await connection.close()


async def empty_database(url: str) -> None:
    """Drop and recreate the database's ``public`` schema: much faster than CREATE DATABASE."""
    import asyncpg

    # A connection left over from an earlier user would block the DROP (or keep old tables cached).
    await end_other_sessions(url)
    connection = await asyncpg.connect(asyncpg_url(url))
    try:
        await connection.execute("DROP SCHEMA IF EXISTS public CASCADE; CREATE SCHEMA public")
    finally:
        await connection.close()


class NoDatabaseOfItsOwn(RuntimeError):
    """A pytest-xdist worker's database could not be created beside QUIZ_TEST_POSTGRES_URL's: what to do instead."""


NAME_BYTES = 63  # PostgreSQL's limit on a database's name


def worker_database(database: str, suffix: str) -> str:
    """The name of ``suffix``'s database beside ``database``: ``<database>_<suffix>``, or when that is over
    PostgreSQL's 63 bytes, ``database`` cut, and a hash of it whole (its names, cut alike, stay apart), before
    ``_<suffix>`` (one cut at 63 would name one database for gw1 and gw10, each worker emptying the other's)."""
    name = f"{database}_{suffix}"
    if len(name.encode()) <= NAME_BYTES:
        return name
    tag = f"_{hashlib.sha256(database.encode()).hexdigest()[:8]}_"
    # Cut alike for every suffix up to gw999, so that a user making them by hand names them with one stem.
    room = NAME_BYTES - len(tag) - max(len(suffix.encode()), len("gw999"))
    if room < 1:
        raise ValueError(f"no database name of at most {NAME_BYTES} bytes ends with {tag}{suffix}")
    return database.encode()[:room].decode(errors="ignore") + tag + suffix  # not cut inside a letter


async def database_of_its_own(url: str, suffix: str) -> str:
    """A database beside ``url``'s, named with ``suffix``, created if missing: each pytest-xdist worker's, as every
    test empties the database it uses."""
    import asyncpg
    from sqlalchemy.engine import make_url

    given = make_url(url)
    name = worker_database(given.database or "", suffix)
    connection = await asyncpg.connect(asyncpg_url(url))
    try:
        if not await connection.fetchval("SELECT 1 FROM pg_database WHERE datname = $1", name):
            await connection.execute(f'CREATE DATABASE "{name}"')
    except asyncpg.InsufficientPrivilegeError as error:
        stem = worker_database(given.database or "", "gw0").removesuffix("_gw0")
        raise NoDatabaseOfItsOwn(
            f'QUIZ_TEST_POSTGRES_URL\'s user {given.username} may not create the database "{name}" that this '
            f"pytest-xdist worker ({suffix}) needs beside {given.database} ({error}): grant it CREATEDB, or create "
            f"{stem}_gw0, {stem}_gw1 and on, owned by it (one per worker, scripts/test runs up to 8), or run the "
            "tests in one process (scripts/test -n 0)") from error
    finally:
        await connection.close()
    return given.set(database=name).render_as_string(hide_password=False)
