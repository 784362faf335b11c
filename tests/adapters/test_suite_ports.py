"""A test's own port (tests/support/ports.py) stays its own until the test is done: pytest-xdist's workers start
servers and open connections all the while, and a port merely found free may be theirs by the time it is used."""

from __future__ import annotations

import errno
import socket

import aiohttp
import pytest
from aiohttp import web

from tests.support.ports import reserved_port
from tests.support.tcp_proxy import TcpProxy


@pytest.mark.parametrize("host", ["127.0.0.1", "::1"])
def test_no_other_socket_may_take_a_reserved_port_until_the_block_ends(host: str) -> None:
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    with reserved_port(host) as port:
        # The kernel gives it to no bind(0) or outgoing connection either (no test may show that at will): one
        # that names it with SO_REUSEADDR, as our own servers do, may listen there (the next test).
        with socket.socket(family) as other, pytest.raises(OSError) as taken:
            other.bind((host, port))
        assert taken.value.errno == errno.EADDRINUSE, taken.value
    with socket.socket(family) as after:
        after.bind((host, port))  # given back


def test_nothing_listens_on_a_reserved_port() -> None:
    with reserved_port() as port, pytest.raises(ConnectionRefusedError):
        socket.create_connection(("127.0.0.1", port), timeout=10).close()


@pytest.mark.parametrize("host", ["127.0.0.1", "::1"])
async def test_a_server_told_to_listen_on_a_reserved_port_does(host: str) -> None:
    """As the tests' servers are (the webhook, the health endpoint, the fake Bot API, PostgreSQL)."""
    async def ours(_request: web.Request) -> web.Response:
        return web.Response(text="ours")

    app = web.Application()
    app.router.add_get("/", ours)
    with reserved_port(host) as port:
        runner = web.AppRunner(app)
        await runner.setup()
        try:
            await web.TCPSite(runner, host, port).start()
            shown = f"[{host}]" if ":" in host else host
            async with aiohttp.ClientSession() as client, client.get(f"http://{shown}:{port}/") as answer:
                assert await answer.text() == "ours"
        finally:
            await runner.cleanup()


async def test_a_cut_proxy_keeps_its_port_until_it_opens_again() -> None:
    """tests/support/tcp_proxy.py listens on the same port again after a cut: another worker may not take it
    meanwhile (the database "gone" a few seconds, in some tests)."""
    proxy = TcpProxy("127.0.0.1", 9)
    await proxy.open()
    try:
        await proxy.cut()
        with socket.socket() as other, pytest.raises(OSError) as taken:
            other.bind(("127.0.0.1", proxy.port))
        assert taken.value.errno == errno.EADDRINUSE, taken.value
        with pytest.raises(ConnectionRefusedError):  # cut: refused, as before
            socket.create_connection(("127.0.0.1", proxy.port), timeout=10).close()
        await proxy.open()
        socket.create_connection(("127.0.0.1", proxy.port), timeout=10).close()  # listening there again
    finally:
        await proxy.cut()
