"""The storage contract runs on the in-memory fake the engine tests use, a SQLite file and PostgreSQL: one set of
tests for every implementation of bot/ports.py, so the fake can't drift from the real thing."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from bot.ports import UnitOfWork
from storage.database import sqlite_url
from storage.unit_of_work import unit_of_work_factory
from tests.fakes.clock import FixedClock
from tests.fakes.storage import FakeDatabase


# postgresql-shared: the units of work PostgreSQL's answers use (storage/shared_transaction.py), one at a time here.
@pytest.fixture(params=["fake", "sqlite", "postgresql", "postgresql-shared"])
def backend(request: pytest.FixtureRequest) -> str:
    return str(request.param)


@pytest.fixture
def database_url(backend: str, tmp_path: Path, request: pytest.FixtureRequest) -> str:
    """The database for tests/storage/conftest.py's ``database``, chosen by ``backend``; never asked for the fake."""
    if backend == "sqlite":
        return sqlite_url(tmp_path)
    url: str = request.getfixturevalue("postgres_url")
    return url


@pytest.fixture
def uow(backend: str, clock: FixedClock, request: pytest.FixtureRequest) -> Callable[[], UnitOfWork]:
    if backend == "fake":
        return FakeDatabase().unit_of_work
    units = unit_of_work_factory(request.getfixturevalue("database"), clock)
    return units.shared if backend == "postgresql-shared" else units
