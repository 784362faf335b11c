"""Discord refusing the bot, each as a server of its own: an API that answers every request 401 (a revoked
token), or with a server error of its own (5xx), and a gateway that closes with 4004 (authentication failed) when
the bot identifies."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from aiohttp import WSMsgType, web


async def _unauthorized(_request: web.Request) -> web.Response:
    return web.json_response({"message": "401: Unauthorized", "code": 0}, status=401)


async def _authentication_failed(request: web.Request) -> web.WebSocketResponse:
    ws = web.WebSocketResponse()
    await ws.prepare(request)
    await ws.send_json({"op": 10, "d": {"heartbeat_interval": 41250}})  # HELLO
    async for message in ws:
        if message.type is WSMsgType.TEXT and message.json()["op"] == 2:  # IDENTIFY
            await ws.close(code=4004)
    return ws


@asynccontextmanager
async def _serving(app: web.Application) -> AsyncIterator[int]:
    runner = web.AppRunner(app)
    await runner.setup()
    await web.TCPSite(runner, "127.0.0.1", 0).start()
    try:
        yield runner.addresses[0][1]
    finally:
        await runner.cleanup()


@asynccontextmanager
async def refusing_api() -> AsyncIterator[str]:
    """Yields the API's base URL, for discord.py's Route.BASE."""
    app = web.Application()
    app.router.add_route("*", "/{tail:.*}", _unauthorized)
    async with _serving(app) as port:
        yield f"http://127.0.0.1:{port}/api/v10"


@asynccontextmanager
async def failing_api(status: int) -> AsyncIterator[str]:
    """Yields the API's base URL; every request is answered ``status`` with an HTML page, as Cloudflare does."""
    async def failing(_request: web.Request) -> web.Response:
        return web.Response(status=status, text="<html><body>Something went wrong</body></html>",
                            content_type="text/html")

    app = web.Application()
    app.router.add_route("*", "/{tail:.*}", failing)
    async with _serving(app) as port:
        yield f"http://127.0.0.1:{port}/api/v10"


@asynccontextmanager
async def refusing_gateway() -> AsyncIterator[str]:
    """Yields the gateway's URL."""
    app = web.Application()
    app.router.add_get("/gateway", _authentication_failed)
    async with _serving(app) as port:
        yield f"ws://127.0.0.1:{port}/gateway"
