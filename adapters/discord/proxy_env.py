"""Which proxy the environment names for a URL, read as httpx (Telegram's HTTP client) and urllib read the
variables. It needs no library of Discord's: `run` and `discord-sync` check the proxy before discord.py is loaded
(adapters/discord/spec.py), and the adapter hands it to discord.py (adapters/discord/proxy.py)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from urllib.parse import urlsplit

# The proxies discord.py's HTTP client (aiohttp) can go through. It takes any other (socks5://) for an HTTP proxy,
# and fails only on connecting, as if Discord were out of reach.
SCHEMES = ("http", "https")


@dataclass(frozen=True)
class NamedProxy:
    variable: str  # as the environment spells it: HTTPS_PROXY, https_proxy, ALL_PROXY...
    # As written, user:password and all (so never in a repr); a bare host:port is an HTTP proxy's: http:// added.
    url: str = field(repr=False)

    @property
    def scheme(self) -> str:
        return urlsplit(self.url).scheme.lower()


def named_proxy(url: str, environ: Mapping[str, str]) -> NamedProxy | None:
    """The proxy for ``url``: the one ``<scheme>_proxy`` names (``https_proxy`` for an https:// URL), else
    ``all_proxy``, each in lower case first, then upper; none for a host ``no_proxy`` lists (``*``: every host)."""
    parts = urlsplit(url)
    named = _variable(environ, f"{parts.scheme}_proxy") or _variable(environ, "all_proxy")
    if named is None or _bypassed(parts.hostname or "", (_variable(environ, "no_proxy") or ("", ""))[1]):
        return None
    variable, value = named
    return NamedProxy(variable, value if "://" in value else f"http://{value}")


def proxy_problems(url: str, environ: Mapping[str, str]) -> list[tuple[str, str]]:
    """(variable, what is wrong) if the proxy for ``url`` is one discord.py can't go through; its URL is never
    said (it may hold a password)."""
    proxy = named_proxy(url, environ)
    if proxy is None:
        return []
    if proxy.scheme in SCHEMES:
        return [] if _well_formed(proxy.url) else [(proxy.variable, (
            "not a proxy URL discord.py can use: write it as http://HOST:PORT (with USER:PASSWORD@ before the host "
            "if it needs them, any / : @ in the password written %2F %3A %40)"))]
    kind = f"a {proxy.scheme}:// proxy" if proxy.scheme else "a proxy URL without a scheme"
    return [(proxy.variable, f"Discord can't be reached through {kind} (discord.py's HTTP client, aiohttp, goes "
             "through HTTP proxies only): name an http:// one, or list discord.com in NO_PROXY to reach Discord "
             "directly")]


def _well_formed(url: str) -> bool:
    """A host, and a port that is a number (a password with an unescaped "/" splits the URL early, leaving its
    start as the host and port)."""
    parts = urlsplit(url)
    try:
        parts.port  # noqa: B018 (urlsplit checks the port only when asked)
    except ValueError:
        return False
    return bool(parts.hostname) and not parts.path.strip("/")


def _bypassed(host: str, no_proxy: str) -> bool:
    """Whether ``no_proxy`` lists ``host`` or a domain above it (``discord.com`` and ``.discord.com`` both cover
    ``discord.com`` and its subdomains), or is ``*``: as curl, httpx and urllib read it."""
    names = [name.strip().lstrip(".").lower() for name in no_proxy.split(",") if name.strip()]
    return "*" in names or any(host == name or host.endswith(f".{name}") for name in names)


def _variable(environ: Mapping[str, str], name: str) -> tuple[str, str] | None:
    """The variable ``name`` (lower case) or else ``NAME`` names, with its value, if that isn't blank."""
    for spelling in (name, name.upper()):
        if value := (environ.get(spelling) or "").strip():
            return spelling, value
    return None
