"""Point discord.py at another Discord API and gateway, such as the local fake server the tests run."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager, contextmanager
from typing import TYPE_CHECKING, TypeVar

import yarl
from discord import http
from discord.gateway import DiscordWebSocket

if TYPE_CHECKING:  # annotations only: pointing discord.py elsewhere needs no fake server
    from tests.discord.fake_discord import FakeDiscord

F = TypeVar("F", bound="FakeDiscord")


@contextmanager
def discord_endpoints(api_base: str, gateway: str) -> Iterator[None]:
    """Use ``api_base`` (e.g. ``http://127.0.0.1:8000/api/v10``) and ``gateway`` (``ws://…``) inside the block.

    discord.py keeps both in class attributes for the whole process, and ``http._set_api_version()``
    resets the API base, so set them after any such call and only while no real bot runs.
    """
    saved_base, saved_gateway = http.Route.BASE, DiscordWebSocket.DEFAULT_GATEWAY
    http.Route.BASE = api_base.rstrip("/")
    DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(gateway)
    try:
        yield
    finally:
        http.Route.BASE, DiscordWebSocket.DEFAULT_GATEWAY = saved_base, saved_gateway


@asynccontextmanager
async def serving(server: F) -> AsyncIterator[F]:
    """``server`` started, with discord.py pointed at it until the block ends."""
    await server.start()
    try:
        with discord_endpoints(server.api_base, server.gateway_url):
            yield server
    finally:
        await server.close()
