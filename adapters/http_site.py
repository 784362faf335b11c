"""Serving an aiohttp application on a host and port the operator chose (the health endpoint, Telegram's
webhook): a port in use or an address this machine hasn't is a setting to fix, named, not a traceback."""

from __future__ import annotations

import errno
import logging
import socket
from typing import Any

from aiohttp import web
from aiohttp.http_exceptions import BadHttpMessage

from adapters.settings import ConfigurationError


async def serve(app: web.Application, host: str, port: int, *, host_variable: str,
                port_variable: str, shutdown_timeout: float = 60.0,
                idle_seconds: float | None = None) -> web.AppRunner:
    """``app`` listening on ``host``:``port``, without an access log (it would log every probe or update);
    ``shutdown_timeout``: seconds its cleanup waits for requests being handled before cancelling them;
    ``idle_seconds``: how long a connection may wait for a request, or for the rest of one (aiohttp's hour if None)."""
    idle: dict[str, Any] = {} if idle_seconds is None else {"keepalive_timeout": idle_seconds}
    quiet_client_mistakes()
    runner = web.AppRunner(app, access_log=None, shutdown_timeout=shutdown_timeout, **idle)
    await runner.setup()
    try:
        await web.TCPSite(runner, host, port).start()
    except BaseException as error:
        await runner.cleanup()
        if isinstance(error, OSError | UnicodeError):
            raise listen_failure(error, host, port, host_variable, port_variable) from None
        raise
    return runner


class ClientMistakes(logging.Filter):
    """aiohttp logs a request it could not parse (a header over 8 KB, a malformed line), which it answers 400, as an
    ERROR with a traceback: the client's mistake, nothing for the operator to fix, and any client could fill the log
    with them. Shown as DEBUG, as aiohttp shows one that isn't HTTP at all; a handler's failure stays an ERROR."""

    def filter(self, record: logging.LogRecord) -> bool:
        if not (record.exc_info and isinstance(record.exc_info[1], BadHttpMessage)):
            return True
        record.levelno, record.levelname = logging.DEBUG, "DEBUG"
        return logging.getLogger(record.name).isEnabledFor(logging.DEBUG)


def quiet_client_mistakes() -> None:
    server_log = logging.getLogger("aiohttp.server")  # where aiohttp's servers log a request's failure
    if not any(isinstance(kept, ClientMistakes) for kept in server_log.filters):  # once, however many servers
        server_log.addFilter(ClientMistakes())


PRIVILEGED_BELOW = 1024  # Linux's ports only root may open (net.ipv4.ip_unprivileged_port_start, by default)


def http_url(host: str, port: int, path: str = "") -> str:
    """Where a server listens, as an operator would type it: an IPv6 address in brackets (``http://[::]:8080``)."""
    return f"http://{f'[{host}]' if ':' in host else host}:{port}{path}"


def listen_failure(error: OSError | UnicodeError, host: str, port: int, host_variable: str,
                   port_variable: str) -> ConfigurationError:
    """Why the system refused to listen on ``host``:``port``, as the setting to fix."""
    # A UnicodeError: a name that is no host name at all ("127..0.0.1", a label over 63 letters, a byte that isn't
    # UTF-8), which the resolver's IDNA encoding refuses before asking anyone. EINVAL: an address bind can't take
    # as written (a link-local fe80:: one without its %interface); never the port, checked 1-65535 before.
    if isinstance(error, UnicodeError | socket.gaierror) or error.errno in (errno.EADDRNOTAVAIL, errno.EINVAL):
        return ConfigurationError([(host_variable, f"{host!r} is not an address of this machine")])
    if error.errno == errno.EADDRINUSE:
        return ConfigurationError([(port_variable, f"port {port} is already in use, by another process or by "
                                                   "another QUIZ_*_PORT of this one")])
    # e.g. EACCES: an unprivileged process on port 443, 80 or 88 (Telegram's, which the webhook URL names: the proxy's)
    privileged = error.errno == errno.EACCES and port < PRIVILEGED_BELOW
    hint = (f" (a port below {PRIVILEGED_BELOW} needs root, or the CAP_NET_BIND_SERVICE capability): give one from "
            f"{PRIVILEGED_BELOW} up, behind a proxy that listens on the public port") if privileged else ""
    return ConfigurationError([(port_variable, f"can't listen on port {port}: {error.strerror or error}{hint}")])
