"""`quiztutor run`: every chat adapter whose token is set, in one asyncio process, until SIGTERM/SIGINT."""

from __future__ import annotations

import asyncio
import logging
import signal
from typing import Protocol

from adapters.runtime import Services, open_services
from adapters.settings import Settings

log = logging.getLogger(__name__)


class ChatAdapter(Protocol):
    """A platform front-end: started once, stopped once, sharing the engine and the event loop."""

    name: str

    async def start(self) -> None: ...
    async def stop(self) -> None: ...


def configured_adapters(services: Services) -> list[ChatAdapter]:
    settings = services.settings
    adapters: list[ChatAdapter] = []
    # Imported here so a terminal-only install never loads the chat libraries.
    if settings.telegram_token is not None:
        from adapters.telegram.bot import TelegramAdapter

        adapters.append(TelegramAdapter(services.engine, settings))
    if settings.discord_token is not None:
        from adapters.discord.bot import DiscordAdapter

        adapters.append(DiscordAdapter(services.engine, settings))
    return adapters


NO_TOKEN_HELP = """\
No chat platform is configured, so there is nothing to run.
Set at least one of:
  QUIZ_TELEGRAM_TOKEN   a bot token from @BotFather
  QUIZ_DISCORD_TOKEN    a bot token from the Discord developer portal
To try the quizzes without a token, play in the terminal:  quiztutor play"""


async def run(settings: Settings) -> int:
    if settings.telegram_token is None and settings.discord_token is None:
        print(NO_TOKEN_HELP)
        return 2
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(signum, stop.set)
    async with open_services(settings) as services:
        started: list[ChatAdapter] = []
        try:
            for adapter in configured_adapters(services):
                await adapter.start()
                started.append(adapter)
                log.info("%s adapter started", adapter.name)
            await stop.wait()
            log.info("shutting down")
        finally:
            await stop_all(started)
    return 0


async def stop_all(adapters: list[ChatAdapter]) -> None:
    """Stop each adapter, the last started first; one that fails to stop doesn't leave the others running."""
    failure: Exception | None = None
    for adapter in reversed(adapters):
        try:
            await adapter.stop()
        except Exception as error:
            if failure is None:
                failure = error  # raised once all are stopped: `quiztutor` logs it and exits 1
            else:
                log.exception("the %s adapter did not stop cleanly either", adapter.name)
    if failure is not None:
        raise failure
