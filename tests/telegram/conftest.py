"""Fixtures for the Telegram tests: a fake Bot API server, settings pointing at it, a running adapter."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from adapters.settings import Settings
from adapters.telegram.spec import TelegramSettings
from tests.telegram.telegram_fake_api import FakeBotApi
from tests.telegram.telegram_harness import ADMIN, TOKEN


@pytest.fixture
async def api() -> AsyncIterator[FakeBotApi]:
    fake = FakeBotApi(TOKEN)
    await fake.start()
    yield fake
    await fake.close()


@pytest.fixture
def settings(tmp_path: Path, api: FakeBotApi, content_dir: Path) -> Settings:
    telegram = TelegramSettings(token=TOKEN, admins=frozenset({str(ADMIN.id)}), api_url=api.base_url)
    return Settings(data_dir=tmp_path / "data", content_dir=content_dir, platforms={"telegram": telegram})


@pytest.fixture(params=["sqlite", "postgresql"])
def shared(request: pytest.FixtureRequest, settings: Settings) -> Settings:
    """``settings`` on the SQLite file two replicas open, or on PostgreSQL (where both may add a row at once: one's
    is refused by a unique index and carries on with the other's)."""
    if request.param == "sqlite":
        return settings
    url: str = request.getfixturevalue("postgres_url")
    return settings.model_copy(update={"database_url": url})
