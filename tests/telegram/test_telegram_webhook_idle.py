"""The webhook server drops connections that say nothing, or stop half-way through a request, as the health
endpoint does: it listens on every interface by default, and each such connection held one of the process's file
descriptors for aiohttp's hour, so that anyone who found the port could take those its bots need for Telegram and
the database, without knowing the secret."""

from __future__ import annotations

import asyncio

from telegram.ext import ApplicationBuilder

from adapters.telegram.webhook import Unfinished, WebhookServer
from tests.support.http_probe import stalled_connections_closed
from tests.support.ports import reserved_port

STALLED = 12


async def test_idle_and_half_sent_requests_are_dropped_and_the_webhook_still_answers() -> None:
    app = ApplicationBuilder().token("123456:idle-test-token").build()
    server = WebhookServer(app, "/telegram", "a-webhook-secret-0123456789", Unfinished(), idle_seconds=0.5)
    with reserved_port() as port:
        await server.start("127.0.0.1", port)
        try:
            closed = await stalled_connections_closed(port, STALLED, b"POST /telegram HTTP/1.1\r\nHost: bot\r\n")
            reader, writer = await asyncio.open_connection("127.0.0.1", port)
            writer.write(b"POST /telegram HTTP/1.1\r\nHost: bot\r\nConnection: close\r\nContent-Length: 2\r\n\r\n{}")
            await writer.drain()
            status_line = await reader.readline()
            writer.close()
        finally:
            await server.stop()
    assert closed == [True] * STALLED
    assert status_line.split()[1] == b"403"
