"""Discord through an HTTP proxy, found in the environment as Telegram's HTTP client (httpx) finds its own.

discord.py's HTTP session never reads the proxy variables (aiohttp's trust_env is off): the proxy is handed to
its client instead, which sends its REST requests and its gateway connections through it.
"""

from __future__ import annotations

from typing import Any

import aiohttp
import yarl

from adapters.proxy_env import NamedProxy


def proxy_options(proxy: NamedProxy | None) -> dict[str, Any]:
    """discord.py's client options for going through ``proxy`` (see adapters/proxy_env.py): none without
    one. The proxy URL's user:password, if any, goes as proxy_auth, never in the URL (aiohttp's errors show the
    proxy's URL)."""
    if proxy is None:
        return {}
    url = yarl.URL(proxy.url)
    return {"proxy": str(url.with_user(None)), "proxy_auth": aiohttp.BasicAuth.from_url(url)}
