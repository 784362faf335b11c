"""Every storage test runs on a real SQLite file and on a real PostgreSQL database."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from sqlalchemy.ext.asyncio import AsyncEngine

from bot.ports import UnitOfWorkFactory
from storage.database import create_engine, sqlite_url
from storage.migrate import upgrade_to_head
from storage.unit_of_work import unit_of_work_factory
from tests.fakes.clock import FixedClock


@pytest.fixture(params=["sqlite", "postgresql"])
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """An empty database: a SQLite file in tmp_path, or a fresh database on the test PostgreSQL server."""
    if request.param == "sqlite":
        return sqlite_url(tmp_path)
    url: str = request.getfixturevalue("postgres_url")
    return url


@pytest.fixture
async def database(database_url: str) -> AsyncIterator[AsyncEngine]:
    """The database at head, through the same engine factory the application uses."""
    engine = create_engine(database_url)
    await upgrade_to_head(engine)
    try:
        yield engine
    finally:
        await engine.dispose()


@pytest.fixture
def uow(database: AsyncEngine, clock: FixedClock) -> UnitOfWorkFactory:
    """A unit-of-work factory: ``async with uow() as work: ...``."""
    return unit_of_work_factory(database, clock)
