"""DiscordAdapter: logs in, then runs the gateway in a background task of the shared event loop."""

from __future__ import annotations

import asyncio
import contextlib
import logging

import discord

from adapters.discord.actors import PLATFORM
from adapters.discord.client import QuizClient
from adapters.failures import LoginRejected
from adapters.settings import Settings
from bot.engine import QuizEngine
from bot.sweeper import ExpirySweeper, start_sweeper

log = logging.getLogger(__name__)

STOP_TIMEOUT = 10.0


class DiscordAdapter:
    name = "discord"

    def __init__(self, engine: QuizEngine, settings: Settings, *, sweep_interval: float | None = None) -> None:
        """``sweep_interval``: seconds between looks for questions whose time ran out (default: from the limit)."""
        self._engine = engine
        self._settings = settings
        self._sweep_interval = sweep_interval
        self._client: QuizClient | None = None
        self._gateway: asyncio.Task[None] | None = None
        self._sweeper: ExpirySweeper | None = None

    async def start(self) -> None:
        """Log in (a bad token fails here) and connect; commands are synced separately (discord-sync)."""
        token = self._settings.discord_token
        if token is None:
            raise RuntimeError("QUIZ_DISCORD_TOKEN is not set")
        client = QuizClient(self._engine, self._settings)
        try:
            await client.login(token.get_secret_value())
        except discord.LoginFailure:
            await client.close()
            raise LoginRejected("Discord", "QUIZ_DISCORD_TOKEN") from None
        except BaseException:
            await client.close()
            raise
        self._client = client
        # Not client.run(): that would take over the event loop the other adapters share.
        self._gateway = asyncio.create_task(self._connect(client), name="discord-gateway")
        # Deadlines are kept in the database: the sweeper also finds those that passed while the bot was down.
        # It only needs the REST API, which works from login on.
        self._sweeper = start_sweeper(self._engine, PLATFORM, client.expiries.deliver, self._sweep_interval)

    async def stop(self) -> None:
        sweeper, self._sweeper = self._sweeper, None
        if sweeper is not None:  # first, while it can still post
            await sweeper.stop()
        if self._client is not None:
            await self._client.close()
        if self._gateway is not None:
            try:
                await asyncio.wait_for(self._gateway, STOP_TIMEOUT)
            except TimeoutError:
                self._gateway.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await self._gateway
        self._client = self._gateway = None

    @staticmethod
    async def _connect(client: QuizClient) -> None:
        try:
            await client.connect(reconnect=True)
        except asyncio.CancelledError:
            raise
        except Exception:
            # discord.py retries network failures itself; this is a fatal one (e.g. a revoked token).
            log.exception("the Discord gateway stopped")
