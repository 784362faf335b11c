"""Running the Discord adapter as `quiztutor run` does, against the fake Discord."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy.ext.asyncio import AsyncEngine

from adapters.discord.adapter import DiscordAdapter
from adapters.discord.spec import DiscordSettings
from adapters.runtime import open_services, utc_now
from adapters.serving import REMINDER_INTERVAL, serving
from adapters.settings import Settings
from bot.engine import QuizEngine
from bot.unsent_sweeper import UNSENT_WAIT
from tests.discord.fake_discord import FakeDiscord
from tests.support.transactions import CountingTransactions

ADMIN_ID = 850000000000000001  # listed in QUIZ_DISCORD_ADMINS
LEARNER_ID = 860000000000000001  # nobody special
OTHER_ID = 870000000000000001  # a bystander in the same channel


@dataclass
class RunningBot:
    adapter: DiscordAdapter
    engine: QuizEngine
    database: AsyncEngine
    transactions: CountingTransactions | None = None  # the units of work the storage layer ended, if counted


@asynccontextmanager
async def running_bot(settings: Settings, fake: FakeDiscord, clock: Callable[[], datetime] = utc_now,
                      sweep_interval: float | None = None,
                      game_interval: float = 3600.0,
                      reminder_interval: float = REMINDER_INTERVAL,
                      unsent_wait: float = UNSENT_WAIT) -> AsyncIterator[RunningBot]:
    """Open the services, start the adapter, and wait until the gateway said READY; stop it all after.
    ``unsent_wait``: seconds after start-up before the look for questions a crash left unsent (serving's)."""
    transactions = CountingTransactions()
    async with open_services(settings, clock=clock, rng=random.Random(7), metrics=transactions) as services:
        adapter = DiscordAdapter(services.engine, discord_settings(settings))
        connected = len(fake.identifies) + 1
        async with serving(services.engine, [adapter], sweep_interval=sweep_interval, game_interval=game_interval,
                           reminder_interval=reminder_interval, unsent_wait=unsent_wait):
            await fake.wait_connected(connected)
            yield RunningBot(adapter, services.engine, services.database, transactions)


def discord_settings(settings: Settings) -> DiscordSettings:
    found = settings.platforms["discord"]
    assert isinstance(found, DiscordSettings)
    return found


def sharded(settings: Settings, count: int, ids: tuple[int, ...]) -> Settings:
    """``settings`` with this process running shards ``ids`` of ``count``."""
    discord = discord_settings(settings).model_copy(update={"shard_count": count, "shard_ids": ids})
    return settings.model_copy(update={"platforms": {**settings.platforms, "discord": discord}})
