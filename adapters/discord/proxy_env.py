"""The proxies discord.py can go through, of those the environment names (adapters/proxy_env.py). It needs no
library of Discord's: `run` and `discord-sync` check the proxy before discord.py is loaded (adapters/discord/spec.py),
and the adapter hands it to discord.py (adapters/discord/proxy.py)."""

from __future__ import annotations

from collections.abc import Mapping

from adapters.proxy_env import malformed, named_proxy, well_formed

# The proxies discord.py's HTTP client (aiohttp) can go through. It takes any other (socks5://) for an HTTP proxy,
# and fails only on connecting, as if Discord were out of reach.
SCHEMES = ("http", "https")


def proxy_problems(url: str, environ: Mapping[str, str]) -> list[tuple[str, str]]:
    """(variable, what is wrong) if the proxy for ``url`` is one discord.py can't go through; its URL is never
    said (it may hold a password)."""
    proxy = named_proxy(url, environ)
    if proxy is None:
        return []
    if proxy.scheme in SCHEMES:
        return [] if well_formed(proxy.url) else [(proxy.variable, malformed("discord.py"))]
    kind = f"a {proxy.scheme}:// proxy" if proxy.scheme else "a proxy URL without a scheme"
    return [(proxy.variable, f"Discord can't be reached through {kind} (discord.py's HTTP client, aiohttp, goes "
             "through HTTP proxies only): name an http:// one, or list discord.com in NO_PROXY to reach Discord "
             "directly")]

