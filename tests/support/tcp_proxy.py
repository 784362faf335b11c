"""A TCP forwarder a test can cut: the database "goes away" for the bot while the real server stays up."""

from __future__ import annotations

import asyncio
import contextlib


class TcpProxy:
    def __init__(self, target_host: str, target_port: int) -> None:
        self._target = (target_host, target_port)
        self._server: asyncio.Server | None = None
        self._writers: set[asyncio.StreamWriter] = set()
        self.port = 0

    async def open(self) -> None:
        """Listen (on the same port as before, if it was open once), forwarding every connection."""
        self._server = await asyncio.start_server(self._forward, "127.0.0.1", self.port)
        self.port = int(self._server.sockets[0].getsockname()[1])

    async def cut(self) -> None:
        """Stop listening and drop every open connection: new ones are refused, pooled ones are dead."""
        if self._server is not None:
            self._server.close()
        for writer in list(self._writers):
            writer.close()
        if self._server is not None:
            await self._server.wait_closed()
        self._server = None

    async def _forward(self, client_reader: asyncio.StreamReader, client_writer: asyncio.StreamWriter) -> None:
        try:
            server_reader, server_writer = await asyncio.open_connection(*self._target)
        except OSError:
            client_writer.close()
            return
        self._writers |= {client_writer, server_writer}
        try:
            await asyncio.gather(self._pipe(client_reader, server_writer), self._pipe(server_reader, client_writer))
        finally:
            self._writers -= {client_writer, server_writer}

    @staticmethod
    async def _pipe(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        with contextlib.suppress(ConnectionError, OSError):
            while data := await reader.read(65536):
                writer.write(data)
                await writer.drain()
        writer.close()
