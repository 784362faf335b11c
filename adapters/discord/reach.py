"""Discord out of reach at start-up: which of its servers, the error, and what to check, in one line."""

from __future__ import annotations

from urllib.parse import urlsplit

import aiohttp
from discord import http

from adapters.failures import PlatformUnreachable
from bot.text import one_line
from storage.errors import chain

# discord.py's HTTP session never reads the proxy variables (aiohttp's trust_env is off): saying so spares an
# operator whose Telegram works through HTTPS_PROXY a search.
CHECKS = "check the network and any firewall on the way (Discord is reached directly: HTTPS_PROXY is not used)"


def network_failure(error: BaseException) -> BaseException | None:
    """The link of the error's chain saying Discord's servers weren't reached: refused, reset, a name that doesn't
    resolve, TLS, no answer in time. None if they answered (a rejected token, a 5xx) or the error is ours."""
    return next((link for link in chain(error)
                 if isinstance(link, aiohttp.ClientConnectionError | ConnectionError | TimeoutError)), None)


def api_unreachable(cause: BaseException) -> PlatformUnreachable:
    """Logging in (GET /users/@me) found no way to Discord's REST API."""
    return unreachable("Discord's API", http.Route.BASE, one_line(cause))


def unreachable(what: str, url: str, detail: str) -> PlatformUnreachable:
    parts = urlsplit(url)
    where = f"{parts.scheme}://{parts.netloc.rpartition('@')[2]}"  # any user:password@ left out
    return PlatformUnreachable(f"{what} at {where} could not be reached at start-up ({detail}): {CHECKS}")
