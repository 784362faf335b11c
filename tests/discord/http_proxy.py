"""A small forwarding HTTP proxy, as aiohttp talks to one: an http:// or ws:// URL comes as an absolute-form
request (``GET http://host:port/path HTTP/1.1``, a websocket's upgrade as ``GET ws://…``), an https:// or wss:// one
as ``CONNECT host:port``. It records each request line and the credentials it came with, and can ask for them."""

from __future__ import annotations

import asyncio
import base64
import contextlib
from dataclasses import dataclass
from urllib.parse import urlsplit

HOP_BY_HOP = (b"proxy-authorization", b"proxy-connection", b"connection", b"keep-alive")


@dataclass(frozen=True)
class Passed:
    method: str
    target: str  # the absolute URL, or host:port for CONNECT
    credentials: str | None  # user:password from Proxy-Authorization, if any


class HttpProxy:
    def __init__(self, *, credentials: str | None = None) -> None:
        self._required = credentials  # user:password it asks for (407 without them); None: anyone passes
        self._server: asyncio.Server | None = None
        self._writers: set[asyncio.StreamWriter] = set()
        self.passed: list[Passed] = []
        self.port = 0

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    async def start(self) -> None:
        self._server = await asyncio.start_server(self._serve, "127.0.0.1", 0)
        self.port = int(self._server.sockets[0].getsockname()[1])

    async def close(self) -> None:
        if self._server is not None:
            self._server.close()
        for writer in list(self._writers):
            writer.close()
        if self._server is not None:
            await self._server.wait_closed()

    def targets(self, method: str) -> list[str]:
        return [passed.target for passed in self.passed if passed.method == method]

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self._writers.add(writer)
        try:
            with contextlib.suppress(ConnectionError, asyncio.IncompleteReadError, asyncio.LimitOverrunError):
                await self._forward(reader, writer, await reader.readuntil(b"\r\n\r\n"))
        finally:
            self._writers.discard(writer)
            writer.close()

    async def _forward(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter, head: bytes) -> None:
        request_line, *lines = head.split(b"\r\n")[:-2]
        method, target, version = request_line.decode("latin-1").split(" ")
        headers = [line.split(b":", 1) for line in lines]
        given = next((value.strip() for name, value in headers if name.strip().lower() == b"proxy-authorization"),
                     None)
        credentials = base64.b64decode(given.split()[1]).decode() if given else None
        self.passed.append(Passed(method, target, credentials))
        if self._required is not None and credentials != self._required:
            writer.write(b"HTTP/1.1 407 Proxy Authentication Required\r\nProxy-Authenticate: Basic\r\n"
                         b"Content-Length: 0\r\nConnection: close\r\n\r\n")
            await writer.drain()
            return
        if method == "CONNECT":
            host, _, port = target.rpartition(":")
            upstream_reader, upstream = await asyncio.open_connection(host, int(port))
            writer.write(b"HTTP/1.1 200 Connection established\r\n\r\n")
        else:
            url = urlsplit(target)
            upstream_reader, upstream = await asyncio.open_connection(url.hostname, url.port or 80)
            path = (url.path or "/") + (f"?{url.query}" if url.query else "")
            kept = [b":".join(header) for header in headers if header[0].strip().lower() not in HOP_BY_HOP]
            upgrade = any(header[0].strip().lower() == b"upgrade" for header in headers)
            # One request a connection, so each is seen here; a websocket's upgrade keeps its connection.
            connection = b"Connection: Upgrade" if upgrade else b"Connection: close"
            upstream.write(b"\r\n".join([f"{method} {path} {version}".encode(), *kept, connection, b"", b""]))
        self._writers.add(upstream)
        try:
            await asyncio.gather(_pipe(reader, upstream), _pipe(upstream_reader, writer))
        finally:
            self._writers.discard(upstream)
            upstream.close()


async def _pipe(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
    with contextlib.suppress(ConnectionError, OSError):
        while data := await reader.read(65536):
            writer.write(data)
            await writer.drain()
    writer.close()
