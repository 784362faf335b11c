"""Shared fixtures: paths to test content, and a throwaway PostgreSQL 15 server for the storage tests."""

from __future__ import annotations

import asyncio
import logging
import os
import shutil
from collections.abc import Callable, Iterator
from contextlib import ExitStack
from pathlib import Path
from typing import NoReturn

import pytest
from hypothesis import settings

from tests.fakes.clock import FixedClock
from tests.pg_cluster import (
    PG_FALLBACK_BINDIR,
    Cluster,
    NoDatabaseOfItsOwn,
    database_of_its_own,
    empty_database,
    pg_bindir,
)
from tests.support.ports import reserved_port

TESTS_DIR = Path(__file__).resolve().parent
FIXTURE_CONTENT = TESTS_DIR / "fixtures" / "content"
TEST_SETTINGS = {"QUIZ_TEST_POSTGRES_URL", "QUIZ_REQUIRE_POSTGRES"}  # meant for the tests; other QUIZ_* aren't


def pytest_configure(config: pytest.Config) -> None:
    # Hypothesis fails an example that takes over 200 ms (its default deadline), which any example may on a machine
    # busy with scripts/test's workers, two per CPU: no deadline, as the fuzz tests' own settings already say.
    # Derandomized: each run tries the same examples, so a commit that passed CI passes a newcomer's scripts/test
    # too (a random seed once found a latent bug in a newcomer's run: a red run that no code change caused).
    # New examples are searched for on purpose, with `scripts/test --hypothesis-profile quiztutor-explore`.
    settings.register_profile("quiztutor-tests", deadline=None, derandomize=True)
    settings.register_profile("quiztutor-explore", deadline=None, max_examples=1000)
    if not config.getoption("hypothesis_profile", default=None):
        settings.load_profile("quiztutor-tests")


@pytest.fixture(autouse=True)
def _no_settings_from_the_shell(monkeypatch: pytest.MonkeyPatch) -> None:
    """A developer's QUIZ_DATABASE_URL, QUIZ_QUESTION_SECONDS... must not reach the tests (or their database)."""
    for name in [name for name in os.environ if name.startswith("QUIZ_") and name not in TEST_SETTINGS]:
        monkeypatch.delenv(name)
    # The terminal player wraps to COLUMNS: a shell's (or pytest-xdist's workers', 80) would rewrap the transcripts
    # the tests read. Without it they see no terminal, as in CI (88 columns); width tests set their own.
    monkeypatch.delenv("COLUMNS", raising=False)


@pytest.fixture(autouse=True)
def _logging_as_it_was() -> Iterator[None]:
    """A test that runs `quiztutor` in-process configures logging for the whole process: put it back after."""
    root = logging.getLogger()
    level, handlers = root.level, root.handlers[:]
    yield
    root.setLevel(level)
    root.handlers[:] = handlers


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


@pytest.fixture
def reserve_port() -> Iterator[Callable[[], int]]:
    """A loopback port of the test's own for each call, held until the test ends (tests/support/ports.py): one that
    nothing listens on, or that a server the test starts is told to listen on."""
    with ExitStack() as held:
        yield lambda: held.enter_context(reserved_port())


# -- PostgreSQL ---------------------------------------------------------------------------------


def _unavailable(reason: str) -> NoReturn:
    if os.environ.get("QUIZ_REQUIRE_POSTGRES") == "1":
        pytest.fail(f"PostgreSQL is required (QUIZ_REQUIRE_POSTGRES=1) but {reason}", pytrace=False)
    pytest.skip(f"PostgreSQL tests skipped: {reason} (set QUIZ_TEST_POSTGRES_URL or install postgresql-15)")


@pytest.fixture(scope="session")
def postgres_server_url() -> Iterator[str]:
    """A PostgreSQL server for this test run: QUIZ_TEST_POSTGRES_URL, else a throwaway local cluster."""
    given = os.environ.get("QUIZ_TEST_POSTGRES_URL")
    if given:
        # Tests empty the database they use: pytest-xdist's workers (scripts/test) each get one of their own.
        worker = os.environ.get("PYTEST_XDIST_WORKER")
        try:
            url = asyncio.run(database_of_its_own(given, worker)) if worker else given
        except NoDatabaseOfItsOwn as refused:
            pytest.fail(str(refused), pytrace=False)
        yield url
        return
    bindir = pg_bindir()
    if bindir is None:
        _unavailable(f"no PostgreSQL server binaries (pg_config --bindir, {PG_FALLBACK_BINDIR})")
    if os.geteuid() == 0 and (shutil.which("runuser") or shutil.which("setpriv")) is None:
        _unavailable("running as root, and neither runuser nor setpriv is available to drop privileges")
    with Cluster(bindir).running() as url:
        yield url


@pytest.fixture
async def postgres_url(postgres_server_url: str) -> str:
    """The test database, emptied for this test: its ``public`` schema is dropped and created again.

    Much faster than CREATE DATABASE per test. A QUIZ_TEST_POSTGRES_URL database is wiped the same way.
    """
    await empty_database(postgres_server_url)
    return postgres_server_url
