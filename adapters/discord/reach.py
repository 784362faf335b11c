"""Discord out of reach at start-up: which of its servers, the error, and what to check, in one line."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Iterator

import aiohttp
import discord
from discord import DiscordServerError, http
from discord.gateway import DiscordWebSocket

from adapters.failures import LoginRejected, PlatformUnreachable, public_address, reached_through
from adapters.proxy_env import NamedProxy
from bot.text import one_line
from storage.errors import chain

# Where discord.py logs, with a traceback, a gateway connection it will try again: the client's, a shard's.
RETRY_LOGGERS = ("discord.client", "discord.shard")
# How discord.py begins the line when it reconnects the gateway, after only the errors it chose to retry (the
# network, a 5xx, a failed handshake, Discord closing with 1000): routine, whatever the error, so one line.
RECONNECTING = ("Attempting a reconnect in ", "Attempting a reconnect for shard ID ")


def network_failure(error: BaseException) -> BaseException | None:
    """The link of the error's chain saying Discord's servers weren't reached: refused, reset, a name that doesn't
    resolve, TLS, no answer in time, a proxy refusing the way (its CONNECT answered 407, 403, 502...). None if they
    answered (a rejected token, a 5xx) or the error is ours."""
    return next((link for link in chain(error) if isinstance(
        link, aiohttp.ClientConnectionError | aiohttp.ClientHttpProxyError | ConnectionError | TimeoutError)), None)


async def log_in(client: discord.Client, token: str, proxy: NamedProxy | None) -> None:
    """``client.login``, a failure said as what an operator can act on: a rejected token (LoginRejected), Discord out
    of reach, through ``proxy`` if any, or its API failing (PlatformUnreachable); the client closed on any failure.
    For `run` and `discord-sync` alike."""
    try:
        await client.login(token)
    except BaseException as error:
        await client.close()
        if isinstance(error, discord.LoginFailure):
            raise LoginRejected("Discord", "QUIZ_DISCORD_TOKEN") from None
        if isinstance(error, Exception) and (cause := network_failure(error)) is not None:
            raise api_unreachable(cause, proxy) from error  # one line saying what to check, not a traceback
        if isinstance(error, DiscordServerError):
            raise api_failing(error) from error
        raise


def api_unreachable(cause: BaseException, proxy: NamedProxy | None) -> PlatformUnreachable:
    """Logging in (GET /users/@me) found no way to Discord's REST API, through ``proxy`` if any."""
    return unreachable("Discord's API", http.Route.BASE, one_line(cause), proxy)


def api_failing(error: DiscordServerError) -> PlatformUnreachable:
    """Logging in met Discord's API answering 5xx, once discord.py's own retries (of 500, 502, 504) were spent:
    Discord's trouble, not a bug to trace; its page (Cloudflare's HTML, often) is left out."""
    return PlatformUnreachable(f"Discord's API at {public_address(http.Route.BASE)} answered at start-up with a server "
                               f"error ({error.status} {error.response.reason}), after discord.py's own retries: "
                               "Discord is in trouble (see https://discordstatus.com); try again later")


async def first_session(connected: asyncio.Future[None], gateway: asyncio.Task[None], within: float,
                        proxy: NamedProxy | None) -> None:
    """Return once the gateway's first session began (READY came: ``connected``), or the gateway stopped for a
    reason /readyz tells; raise PlatformUnreachable if the gateway task ended for want of a connection (it only
    raises that), or nothing came in ``within`` seconds (a sharded client retries each shard for ever). The
    gateway goes through ``proxy``, if any, as the API does."""
    try:
        done, _pending = await asyncio.wait({connected, gateway}, timeout=within,
                                            return_when=asyncio.FIRST_COMPLETED)
    finally:
        connected.cancel()
    if connected in done:
        return
    if gateway in done:
        if (error := gateway.exception()) is None:
            return
        raise gateway_unreachable(one_line(network_failure(error) or error), proxy) from error
    raise gateway_unreachable(f"no session within {within:.0f} s", proxy)


def gateway_unreachable(detail: str, proxy: NamedProxy | None) -> PlatformUnreachable:
    return unreachable("Discord's gateway", str(DiscordWebSocket.DEFAULT_GATEWAY), detail, proxy)


def unreachable(what: str, url: str, detail: str, proxy: NamedProxy | None) -> PlatformUnreachable:
    return PlatformUnreachable(f"{what} at {public_address(url)} could not be reached at start-up ({detail}): "
                               f"{checks(proxy)}")


def checks(proxy: NamedProxy | None) -> str:
    """What to check when Discord is out of reach: the proxy it is reached through, if any (see
    adapters/proxy_env.py), by its address without user:password, and the variable naming it."""
    if proxy is None:
        return "check the network and any firewall on the way"
    return f"check the network, any firewall on the way, and {reached_through('Discord', proxy)}"


class _Briefly(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        error = record.exc_info[1] if record.exc_info else None
        if error is None or logging.getLogger(record.name).isEnabledFor(logging.DEBUG):
            return True
        retried = isinstance(record.msg, str) and record.msg.startswith(RECONNECTING)
        if (cause := network_failure(error) or (error if retried else None)) is not None:
            record.msg, record.args = f"{record.getMessage()}: {one_line(cause)}", None
            record.exc_info, record.exc_text = None, None
        return True


@contextlib.contextmanager
def retries_briefly() -> Iterator[None]:
    """While the gateway runs: each retry discord.py logs after a network failure, or any reconnect it attempts,
    as one line, not a traceback (start-up ends with one line saying what to check); at DEBUG, with it."""
    brief = _Briefly()
    loggers = [logging.getLogger(name) for name in RETRY_LOGGERS]
    for logger in loggers:
        logger.addFilter(brief)
    try:
        yield
    finally:
        for logger in loggers:
            logger.removeFilter(brief)
