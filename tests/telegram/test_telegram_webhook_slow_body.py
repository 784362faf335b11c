"""A post with the secret whose body never arrives whole (a client stalled, or dripping a byte now and then) is
answered within the idle bound, as a connection that says nothing is: it held its handler and file descriptor for as
long as the sender kept the connection open. And a body announced over the size limit is refused before it comes."""

from __future__ import annotations

import asyncio

from telegram.ext import ApplicationBuilder

from adapters.telegram.webhook import MAX_BODY, SECRET_HEADER, Unfinished, WebhookServer
from tests.support.ports import reserved_port

SECRET = "a-webhook-secret-0123456789"
HEAD = (f"POST /telegram HTTP/1.1\r\nHost: bot\r\nContent-Type: application/json\r\n{SECRET_HEADER}: {SECRET}\r\n"
        .encode())
ANSWER_WAIT = 20.0  # seconds: far above the server's bound, only so that a server that never answers fails the test


async def status_of(port: int, request: bytes) -> int | None:
    """The status the server answers ``request`` with, sent as it is and never finished; None if it closes first."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    try:
        writer.write(request)
        await writer.drain()
        status_line = await asyncio.wait_for(reader.readline(), ANSWER_WAIT)
    finally:
        writer.close()
    return int(status_line.split()[1]) if status_line else None


async def test_a_signed_body_that_never_arrives_whole_is_answered_408_and_the_webhook_still_serves() -> None:
    app = ApplicationBuilder().token("123456:slow-body-test-token").build()
    server = WebhookServer(app, "/telegram", SECRET, Unfinished(), idle_seconds=0.5)
    with reserved_port() as port:
        await server.start("127.0.0.1", port)
        try:
            stalled = await status_of(port, HEAD + b"Content-Length: 100\r\n\r\n{\"update_id\"")
            chunked = await status_of(port, HEAD + b"Transfer-Encoding: chunked\r\n\r\n1\r\n{\r\n")
            served = await status_of(port, HEAD + b"Connection: close\r\nContent-Length: 2\r\n\r\n[]")
        finally:
            await server.stop()
    assert (stalled, chunked) == (408, 408)
    assert served == 400  # no update, but read and answered


async def test_a_signed_body_announced_over_the_size_limit_is_refused_before_it_is_sent() -> None:
    app = ApplicationBuilder().token("123456:slow-body-test-token").build()
    server = WebhookServer(app, "/telegram", SECRET, Unfinished())
    with reserved_port() as port:
        await server.start("127.0.0.1", port)
        try:
            status = await status_of(port, HEAD + f"Content-Length: {MAX_BODY + 1}\r\n\r\n{{".encode())
        finally:
            await server.stop()
    assert status == 413
