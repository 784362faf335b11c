"""A real discord.py client, a real engine on a SQLite file, and the fake Discord they talk to."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from adapters.discord.spec import DiscordSettings
from adapters.settings import Settings
from tests.discord.endpoints import serving
from tests.discord.fake_discord import FakeDiscord
from tests.discord.harness import ADMIN_ID, RunningBot, running_bot
from tests.discord.payloads import TOKEN


@pytest.fixture
async def fake() -> AsyncIterator[FakeDiscord]:
    """The fake Discord, with discord.py pointed at it for this test only."""
    async with serving(FakeDiscord()) as server:
        yield server


@pytest.fixture
def settings(tmp_path: Path, content_dir: Path) -> Settings:
    discord = DiscordSettings(token=TOKEN, admins=frozenset({str(ADMIN_ID)}), poll_hours=2)
    return Settings(data_dir=tmp_path / "data", content_dir=content_dir, platforms={"discord": discord})


@pytest.fixture
async def bot(settings: Settings, fake: FakeDiscord) -> AsyncIterator[RunningBot]:
    async with running_bot(settings, fake) as running:
        yield running
