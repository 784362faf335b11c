"""Fixtures of the start-up tests."""

from __future__ import annotations

from pathlib import Path

import pytest

from storage.database import sqlite_url


@pytest.fixture(params=["sqlite", "postgresql"])
def any_database_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """An empty database: a SQLite file in tmp_path, or the test PostgreSQL database."""
    url: str = sqlite_url(tmp_path / "data") if request.param == "sqlite" else request.getfixturevalue("postgres_url")
    return url
