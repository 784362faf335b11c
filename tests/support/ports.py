"""A loopback port for a test of its own: held until the test is done, so that no other test takes it meanwhile.

Binding port 0, closing and returning the number (as each helper did) left the port free for any process between
that and its use: another pytest-xdist worker's server, or an outgoing connection's own port, could take it first
(a server's start failing with "address already in use", or a test expecting nothing to listen meeting another's
server). A socket kept bound, never listening, holds the port: the kernel gives it to no bind(0) or outgoing
connection; connections to it are refused, as to any closed port; and it has SO_REUSEADDR, so that a server told to
listen there (ours, aiohttp's, PostgreSQL's, which all set it too) may still bind it while it is held.
"""

from __future__ import annotations

import socket
from collections.abc import Iterator
from contextlib import contextmanager


def port_holder(host: str = "127.0.0.1") -> socket.socket:
    """A socket bound to a free port on ``host``, never listening: the port is held until it is closed."""
    holder = socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET)
    try:
        holder.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        holder.bind((host, 0))
    except BaseException:
        holder.close()
        raise
    return holder


@contextmanager
def reserved_port(host: str = "127.0.0.1") -> Iterator[int]:
    """A port on ``host`` that nothing listens on, unless the test starts a server there, held for the block."""
    with port_holder(host) as holder:
        yield int(holder.getsockname()[1])


def no_ipv6_loopback() -> bool:
    """Whether this machine can't bind IPv6's loopback (a container with IPv6 turned off): tests of it skip."""
    try:
        with socket.socket(socket.AF_INET6) as probe:
            probe.bind(("::1", 0))
    except OSError:  # a container with IPv6 turned off
        return True
    return False
