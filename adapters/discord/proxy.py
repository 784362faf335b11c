"""Discord through an HTTP proxy, found in the environment as Telegram's HTTP client (httpx) finds its own.

discord.py's HTTP session never reads the proxy variables (aiohttp's trust_env is off): the proxy is handed to
its client instead, which sends its REST requests and its gateway connections through it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any
from urllib.parse import urlsplit

import aiohttp
import yarl


def proxy_options(url: str, environ: Mapping[str, str]) -> dict[str, Any]:
    """discord.py's client options for reaching Discord's API at ``url`` (https, so ``HTTPS_PROXY``): the proxy
    ``<scheme>_proxy`` names, else ``all_proxy``, each in lower case first, then upper (as urllib and httpx read
    them); none for a host ``no_proxy`` lists (``*``: every host). The proxy URL's user:password, if any, goes as
    proxy_auth, never in the URL (aiohttp's errors show the proxy's URL)."""
    parts = urlsplit(url)
    named = _variable(environ, f"{parts.scheme}_proxy") or _variable(environ, "all_proxy")
    if not named:
        return {}
    if _bypassed(parts.hostname or "", _variable(environ, "no_proxy")):
        return {}
    proxy = yarl.URL(named if "://" in named else f"http://{named}")  # a bare host:port is an HTTP proxy's
    return {"proxy": str(proxy.with_user(None)), "proxy_auth": aiohttp.BasicAuth.from_url(proxy)}


def _bypassed(host: str, no_proxy: str) -> bool:
    """Whether ``no_proxy`` lists ``host`` or a domain above it (``discord.com`` and ``.discord.com`` both cover
    ``discord.com`` and its subdomains), or is ``*``: as curl, httpx and urllib read it."""
    names = [name.strip().lstrip(".").lower() for name in no_proxy.split(",") if name.strip()]
    return "*" in names or any(host == name or host.endswith(f".{name}") for name in names)


def _variable(environ: Mapping[str, str], name: str) -> str:
    return (environ.get(name) or environ.get(name.upper()) or "").strip()
