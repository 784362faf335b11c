"""A TCP forwarder a test can cut: the database "goes away" for the bot while the real server stays up. It can
also freeze, as a network that stops carrying packets (nothing is lost: it flows on once thawed), and tells whether
the bot left a connection open through it."""

from __future__ import annotations

import asyncio
import contextlib
import struct
import weakref

from sqlalchemy.engine import make_url

from tests.support.ports import port_holder


class TcpProxy:
    def __init__(self, target_host: str, target_port: int) -> None:
        self._target = (target_host, target_port)
        self._server: asyncio.Server | None = None
        self._writers: set[asyncio.StreamWriter] = set()
        self._servers: set[asyncio.StreamWriter] = set()  # the database's side of each connection
        self._kept: set[asyncio.StreamWriter] = set()  # left open by a cut the database didn't notice
        self._flowing = asyncio.Event()
        self._flowing.set()
        self._holding = 0  # pipes with data the freeze holds back
        self.port = 0

    async def open(self) -> None:
        """Listen (on the same port as before, if it was open once), forwarding every connection."""
        if not self.port:
            # Held for the proxy's life: after a cut, another pytest-xdist worker's server or outgoing connection
            # could take the port before the proxy opened again ("address already in use"). Never listening, the
            # holder refuses connections as a cut proxy should; the server, with SO_REUSEADDR, listens beside it.
            holder = port_holder()
            weakref.finalize(self, holder.close)
            self.port = int(holder.getsockname()[1])
        self._server = await asyncio.start_server(self._forward, "127.0.0.1", self.port, reuse_address=True)

    async def cut(self, *, database_notices: bool = True) -> None:
        """Stop listening and drop every open connection: new ones are refused, pooled ones are dead. Unless
        ``database_notices``, the database's side stays open, as in a network fault it hasn't noticed yet: its
        sessions (and their locks) live on."""
        if self._server is not None:
            self._server.close()
        for writer in list(self._writers):
            if database_notices or writer not in self._servers:
                writer.close()
            else:
                self._kept.add(writer)
        if database_notices:
            for writer in self._kept:
                writer.close()
            self._kept.clear()
        if self._server is not None:
            await self._server.wait_closed()
        self._server = None
        self._flowing.set()  # what was held goes nowhere now

    def query_behind_cut(self, sql: str) -> None:
        """Send ``sql`` (a simple Query) on each connection a cut left open at the database, as another client would
        once a pooler hands that server connection on; answers go nowhere."""
        body = sql.encode() + b"\0"
        for writer in self._kept:
            writer.write(b"Q" + struct.pack("!i", len(body) + 4) + body)

    def freeze(self) -> None:
        """Carry nothing either way until ``thaw``: open connections hang, and new ones are accepted but hang too;
        neither side sees them close."""
        self._flowing.clear()

    def thaw(self) -> None:
        """Carry on: what was held back (a close too) goes through."""
        self._flowing.set()

    @property
    def holding(self) -> bool:
        """Whether, frozen, it holds back something sent (a statement, or a close)."""
        return self._holding > 0

    @property
    def connections(self) -> int:
        """Connections open through it now: one the client closed is gone once the server closed its end too."""
        return len(self._writers) // 2

    async def wait_idle(self, within: float = 5.0) -> None:
        """Wait until no connection is open through it; fail the test if one still is after ``within`` seconds."""
        deadline = asyncio.get_running_loop().time() + within
        while self.connections:
            if asyncio.get_running_loop().time() > deadline:
                raise AssertionError(f"{self.connections} connection(s) still open through the proxy")
            await asyncio.sleep(0.02)

    async def _forward(self, client_reader: asyncio.StreamReader, client_writer: asyncio.StreamWriter) -> None:
        try:
            server_reader, server_writer = await asyncio.open_connection(*self._target)
        except OSError:
            client_writer.close()
            return
        self._writers |= {client_writer, server_writer}
        self._servers.add(server_writer)
        try:
            await asyncio.gather(self._pipe(client_reader, server_writer), self._pipe(server_reader, client_writer))
        finally:
            self._writers -= {client_writer, server_writer}
            self._servers.discard(server_writer)

    async def _pipe(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        with contextlib.suppress(ConnectionError, OSError):
            while data := await reader.read(65536):
                await self._flowed()
                writer.write(data)
                await writer.drain()
        await self._flowed()
        if writer not in self._kept:
            writer.close()

    async def _flowed(self) -> None:
        if self._flowing.is_set():
            return
        self._holding += 1
        try:
            await self._flowing.wait()
        finally:
            self._holding -= 1


async def proxied(url: str) -> tuple[TcpProxy, str]:
    """A proxy in front of the database at ``url``, and the URL through it."""
    server = make_url(url)
    proxy = TcpProxy(server.host or "127.0.0.1", server.port or 5432)
    await proxy.open()
    return proxy, server.set(host="127.0.0.1", port=proxy.port).render_as_string(hide_password=False)
