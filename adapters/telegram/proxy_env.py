"""The proxies Telegram's HTTP client (httpx) can't go through, of those the environment names (adapters/proxy_env.py).
It needs no library of Telegram's: `run` checks them before python-telegram-bot is loaded (adapters/telegram/spec.py).
httpx loads every proxy variable when the bot's client is built, and fails there, on one it can't use, with
python-telegram-bot's RuntimeError or its own ValueError or InvalidURL: a traceback's last line, naming no variable;
or, a password's unescaped "/" ending the URL early, goes to the wrong host, named by the out-of-reach line."""

from __future__ import annotations

import importlib.util
from collections.abc import Mapping

from adapters.proxy_env import loaded_proxies, malformed, well_formed

SOCKS = ("socks5", "socks5h")  # only with SOCKS support, httpx's socksio (python-telegram-bot's [socks] extra)
SCHEMES = ("http", "https", *SOCKS)


def socks_supported() -> bool:
    """Whether httpx finds socksio, as it looks for it: installed, not necessarily imported yet."""
    return importlib.util.find_spec("socksio") is not None


def proxy_problems(environ: Mapping[str, str], *, socks: bool) -> list[tuple[str, str]]:
    """(variable, what is wrong) for each proxy httpx would load and can't use, ``socks`` telling whether it can go
    through a SOCKS one; the proxy's URL is never said (it may hold a password)."""
    problems = []
    for proxy in loaded_proxies(environ):
        if proxy.scheme in SCHEMES and not well_formed(proxy.url):
            problems.append((proxy.variable, malformed("Telegram's HTTP client")))
        elif proxy.scheme in SOCKS and not socks:
            problems.append((proxy.variable, (
                f"Telegram can't go through a {proxy.scheme}:// proxy without SOCKS support, which isn't installed: "
                "pip install 'python-telegram-bot[socks]', or name an http:// proxy")))
        elif proxy.scheme not in SCHEMES:
            kind = f"a {proxy.scheme}:// proxy" if proxy.scheme else "a proxy URL without a scheme"
            problems.append((proxy.variable, f"Telegram can't go through {kind} (its HTTP client, httpx, goes "
                             "through http://, https:// and socks5:// ones): name one of those"))
    return problems
