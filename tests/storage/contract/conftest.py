"""The storage contract runs on the in-memory fake the engine tests use, a SQLite file and PostgreSQL: one set of
tests for every implementation of bot/ports.py, so the fake can't drift from the real thing."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from pathlib import Path

import pytest
from sqlalchemy.ext.asyncio import AsyncEngine

from bot.ports import UnitOfWork
from storage.database import create_engine, sqlite_url
from storage.migrate import upgrade_to_head
from storage.unit_of_work import unit_of_work_factory
from tests.fakes.clock import FixedClock
from tests.fakes.storage import FakeDatabase


@pytest.fixture(params=["fake", "sqlite", "postgresql"])
def backend(request: pytest.FixtureRequest) -> str:
    return str(request.param)


@pytest.fixture
def database_url(backend: str, tmp_path: Path, request: pytest.FixtureRequest) -> str | None:
    """None for the fake, which has no URL."""
    if backend == "fake":
        return None
    if backend == "sqlite":
        return sqlite_url(tmp_path)
    url: str = request.getfixturevalue("postgres_url")
    return url


@pytest.fixture
async def database(database_url: str | None) -> AsyncIterator[AsyncEngine | None]:
    if database_url is None:
        yield None
        return
    engine = create_engine(database_url)
    await upgrade_to_head(engine)
    try:
        yield engine
    finally:
        await engine.dispose()


@pytest.fixture
def uow(database: AsyncEngine | None, clock: FixedClock) -> Callable[[], UnitOfWork]:
    if database is None:
        return FakeDatabase().unit_of_work
    return unit_of_work_factory(database, clock)
