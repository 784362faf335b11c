"""DiscordAdapter: logs in, then runs the gateway in a background task of the shared event loop."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os

from discord import http

from adapters.discord.actors import PLATFORM
from adapters.discord.client import QuizClient
from adapters.discord.expiries import deliver_expired
from adapters.discord.game_surface import ChannelGameSurface
from adapters.discord.proxy import proxy_options
from adapters.discord.reach import first_session, log_in, network_failure, retries_briefly
from adapters.discord.reminders import send_reminder
from adapters.discord.sharding import gateway_open, make_client
from adapters.discord.spec import DiscordSettings
from adapters.error_kinds import GATEWAY_FAILED
from adapters.proxy_env import named_proxy
from bot.engine import QuizEngine
from bot.games.delivery import GameSurface
from bot.replies import Expired, Reminder

log = logging.getLogger(__name__)

STOP_TIMEOUT = 10.0
# How long start-up waits for the gateway's first session: past discord.py's own 60 s for one attempt.
GATEWAY_START_TIMEOUT = 75.0


class DiscordAdapter:
    name = "discord"
    # Polls are linked once posted, private play's buttons before they are shown, withdrawn (ChatAdapter's)
    asks_on_linked_messages = True
    reminders_per_second = 2.0  # direct messages: opening a DM channel and sending count against rate limits

    def __init__(self, engine: QuizEngine, settings: DiscordSettings, *,
                 gateway_start_timeout: float = GATEWAY_START_TIMEOUT) -> None:
        self._engine = engine
        self._settings = settings
        self._gateway_start_timeout = gateway_start_timeout  # a test may shorten it
        self._client: QuizClient | None = None
        self._gateway: asyncio.Task[None] | None = None
        self._fatal: str | None = None  # why the gateway gave up, for /readyz
        self._starting = False  # start() waits for the gateway's first session

    async def start(self) -> None:
        """Log in (a bad token fails here) and connect, returning once the gateway's first session began (or it
        stopped for a reason /readyz tells); commands are synced separately (discord-sync)."""
        token = self._settings.token
        if token is None:
            raise RuntimeError("QUIZ_DISCORD_TOKEN is not set")
        # The proxy variables are read now, as Telegram's HTTP client reads them when it is built.
        proxy = named_proxy(http.Route.BASE, os.environ)
        client = make_client(self._engine, self._settings, **proxy_options(proxy))
        await log_in(client, token.get_secret_value(), proxy)
        self._client = client
        if self._settings.sharded:
            log.info("Discord shards %s of %d in this process", self._settings.shards, self._settings.shard_count)
        self._fatal = None
        connected = asyncio.ensure_future(client.wait_for("connect"))  # listening before the gateway can answer
        # Not client.run(): that would take over the event loop the other adapters share.
        self._gateway = asyncio.create_task(self._connect(client), name="discord-gateway")
        self._starting = True
        try:
            await first_session(connected, self._gateway, self._gateway_start_timeout, proxy)
        except BaseException:
            await self._abandon()
            raise
        finally:
            self._starting = False

    def not_ready(self) -> str | None:
        """Ready while the gateway is connected and READY; a fatal gateway error keeps it unready."""
        client = self._client
        if self._fatal is not None:
            return self._fatal
        if client is None:
            return "not started"
        if not client.is_ready() or not gateway_open(client):
            return "gateway not connected"
        return None

    async def send_reminder(self, reminder: Reminder) -> None:
        if self._client is None:
            raise RuntimeError("the Discord adapter isn't running")
        await send_reminder(self._client, reminder)

    async def deliver_expired(self, expired: Expired) -> None:
        """Time-outs only need the REST API, which works from login on."""
        if self._client is None:  # not quietly: the sweeper logs a time-out it could not tell
            raise RuntimeError("the Discord adapter isn't running")
        await deliver_expired(self._engine, self._client.polls, expired)

    def game_surface(self, chat_id: str) -> GameSurface:
        """Game messages only need the REST API, which works from login on."""
        if self._client is None:
            raise RuntimeError("the Discord adapter isn't running")
        return ChannelGameSurface(self._client, int(chat_id))

    async def stop(self) -> None:
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

    async def _abandon(self) -> None:
        """A start that failed: the gateway stopped at once (a sharded one would retry for ever, even closed),
        then the client's connections closed. Its error, if any, is already reported."""
        client, gateway, self._client, self._gateway = self._client, self._gateway, None, None
        if gateway is not None:
            gateway.cancel()
            await asyncio.wait({gateway})
        if client is not None:
            await client.close()

    async def _connect(self, client: QuizClient) -> None:
        try:
            with retries_briefly():  # for the gateway's life: start-up and every reconnect after
                await client.connect(reconnect=True)
        except asyncio.CancelledError:
            raise
        except Exception as error:
            if self._starting and network_failure(error) is not None:
                raise  # a first connection that failed (discord.py then gives up): start() says what to check
            # discord.py retries network failures itself; this is a fatal one (e.g. a revoked token).
            self._fatal = f"gateway stopped: {type(error).__name__}"
            self._engine.metrics.error(PLATFORM, GATEWAY_FAILED)
            log.exception("the Discord gateway stopped")
