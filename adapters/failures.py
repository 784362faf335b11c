"""Failures an operator can fix, raised by adapters in neutral terms so the command line can explain them."""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from urllib.parse import urlsplit

from adapters.proxy_env import NamedProxy
from bot.log_lines import log_briefly
from bot.ports import WriterClosed
from storage.errors import chain, connection_lost


class LoginRejected(Exception):
    """A chat platform refused the bot's credentials (a wrong or revoked token)."""

    def __init__(self, platform: str, variable: str) -> None:
        super().__init__(f"{platform} rejected the token in {variable}: check it, or create a new one")
        self.platform = platform
        self.variable = variable


class PlatformUnreachable(Exception):
    """A chat platform's servers could not be reached at start-up (the network, a proxy, or the setting that points
    at them): nothing to serve until they can, and nothing a traceback would add."""


def public_address(url: str) -> str:
    """Where ``url`` points, fit for an error line: its scheme and host, any user:password@ left out. A URL with
    an "@" after its host (a password with an unescaped "/", "?" or "#" ended the host early) shows no host: what
    it would show is the start of that password."""
    parts = urlsplit(url)
    if "@" in url and "@" not in parts.netloc:
        return f"{parts.scheme}://(host not shown: write the password URL-encoded)"
    return f"{parts.scheme}://{parts.netloc.rpartition('@')[2]}"


def reached_through(platform: str, proxy: NamedProxy) -> str:
    """The proxy a platform is reached through (adapters/proxy_env.py), for a line saying what to check: by its
    address without user:password, and the variable naming it."""
    return f"the proxy {platform} is reached through: {public_address(proxy.url)} ({proxy.variable})"


class AnotherInstance(Exception):
    """Another process already serves what only one may at a time (a bot's updates by Telegram long polling)."""


def unreachable(error: BaseException) -> bool:
    """A connection that failed (refused, reset, cut by a database restart or failover) anywhere in the error's
    chain: an outage, not a bug to trace; every update fails alike while it lasts, and succeeds once it is over."""
    return any(connection_lost(cause) for cause in chain(error))


def shutting_down(error: BaseException) -> bool:
    """An event still handled after the services closed (discord.py's close() doesn't wait for its handlers): the
    database refused it, closed for good (storage/group_commit.py, storage/server_pool.py). Nothing of it was kept,
    and nothing is wrong."""
    return any(isinstance(cause, WriterClosed) for cause in chain(error))


# While a service is out of reach, every learner's every event fails alike: the first failure is logged, then one
# line a period saying how many more failed, rather than one line per event (a thousand learners, a thousand lines).
OUTAGE_LOG_PERIOD = 60.0


class OutageLines:
    """When an outage's failures were last logged, and how many failed since without a line of their own."""

    def __init__(self, period: float = OUTAGE_LOG_PERIOD, clock: Callable[[], float] = time.monotonic) -> None:
        self.period = period
        self._clock = clock
        self._said_at: float | None = None
        self._unsaid = 0

    def say(self) -> int | None:
        """None: this failure goes unsaid (counted); else how many went unsaid since the last line said."""
        now = self._clock()
        if self._said_at is not None and now - self._said_at < self.period:
            self._unsaid += 1
            return None
        unsaid, self._unsaid, self._said_at = self._unsaid, 0, now
        return unsaid


def log_failure(logger: logging.Logger, error: BaseException, message: str, *args: object,
                outages: OutageLines | None = None) -> None:
    """A failed event: an outage as one line (every event fails alike while it lasts; with ``outages``, one line a
    period, the others at DEBUG), one still handled at shutdown as one warning, a bug with its traceback; at DEBUG,
    the traceback either way."""
    if shutting_down(error):
        log_briefly(logger, logging.WARNING, error, message + ": shutting down, not kept", *args)
    elif unreachable(error):
        unsaid = outages.say() if outages is not None else 0
        if unsaid is None:
            log_briefly(logger, logging.DEBUG, error, message + ": a service is unreachable", *args)
            return
        since = f" ({unsaid} more failed alike since the last such line)" if unsaid else ""
        later = f"; more like it are said once every {outages.period:g} s, counted" if outages is not None else ""
        log_briefly(logger, logging.ERROR, error, message + ": a service is unreachable" + since + later, *args)
    else:
        logger.error(message, *args, exc_info=error)
