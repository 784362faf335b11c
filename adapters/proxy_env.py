"""Which proxy the environment names for a URL, read as httpx (Telegram's HTTP client) and urllib read the
variables. It needs no platform's library: `run` checks the proxies before any is loaded (each platform's
environment_problems), and each adapter says, when its platform is out of reach, which proxy it went through."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from urllib.parse import urlsplit


@dataclass(frozen=True)
class NamedProxy:
    variable: str  # as the environment spells it: HTTPS_PROXY, https_proxy, Https_Proxy, ALL_PROXY...
    # As written, user:password and all (so never in a repr); a bare host:port is an HTTP proxy's: http:// added.
    url: str = field(repr=False)

    @property
    def scheme(self) -> str:
        return urlsplit(self.url).scheme.lower()


def named_proxy(url: str, environ: Mapping[str, str]) -> NamedProxy | None:
    """The proxy for ``url``: the one ``<scheme>_proxy`` names (``https_proxy`` for an https:// URL), else
    ``all_proxy``, each read as urllib reads it (``_proxies``); none for a host ``no_proxy`` lists (``*``: every
    host)."""
    parts = urlsplit(url)
    proxies = _proxies(environ)
    named = proxies.get(parts.scheme) or proxies.get("all")
    if named is None or _bypassed(parts.hostname or "", _no_proxy(proxies)):
        return None
    return _proxy(*named)


def loaded_proxies(environ: Mapping[str, str]) -> list[NamedProxy]:
    """Every proxy httpx loads when a client is built, whichever URLs it will go to: ``http_proxy``, ``https_proxy``
    and ``all_proxy`` (each read as urllib reads it), none with ``no_proxy`` ``*``. One it can't use fails the client's
    construction, even if no request would go through it."""
    proxies = _proxies(environ)
    if "*" in _names(_no_proxy(proxies)):
        return []
    return [_proxy(*named) for scheme in ("http", "https", "all") if (named := proxies.get(scheme))]


def well_formed(url: str) -> bool:
    """A host, and a port that is a number, and nothing after them (a password with an unescaped "/", "?" or "#"
    splits the URL early, leaving its start as the host and port)."""
    parts = urlsplit(url)
    try:
        parts.port  # noqa: B018 (urlsplit checks the port only when asked)
    except ValueError:
        return False
    return bool(parts.hostname) and not (parts.path.strip("/") or parts.query or parts.fragment)


def malformed(client: str) -> str:
    """What is wrong with a proxy URL that isn't ``well_formed``, for ``client`` (the HTTP client it fails), without
    saying it (it may hold a password)."""
    return (f"not a proxy URL {client} can use: write it as http://HOST:PORT (with USER:PASSWORD@ before the host if "
            "it needs them, any / : @ in the password written %2F %3A %40)")


def _proxy(variable: str, value: str) -> NamedProxy:
    return NamedProxy(variable, value if "://" in value else f"http://{value}")


def _no_proxy(proxies: Mapping[str, tuple[str, str]]) -> str:
    return (proxies.get("no") or ("", ""))[1]


def _names(no_proxy: str) -> list[str]:
    return [name.strip().lstrip(".").lower() for name in no_proxy.split(",") if name.strip()]


def _bypassed(host: str, no_proxy: str) -> bool:
    """Whether ``no_proxy`` lists ``host`` or a domain above it (``discord.com`` and ``.discord.com`` both cover
    ``discord.com`` and its subdomains), or is ``*``: as curl, httpx and urllib read it."""
    names = _names(no_proxy)
    return "*" in names or any(host == name or host.endswith(f".{name}") for name in names)


def _proxies(environ: Mapping[str, str]) -> dict[str, tuple[str, str]]:
    """What each ``<scheme>_proxy`` variable names, by scheme (``no`` for ``no_proxy``): the variable as spelt, and
    its value (stripped; blank if only spaces). Exactly as urllib's getproxies_environment reads them, which httpx
    (Telegram) and aiohttp (Discord) both call: the name in any case (``Https_Proxy`` too), set to anything but the
    empty string; a name ending in lower-case ``_proxy`` over the others (so ``https_proxy`` over ``HTTPS_PROXY``,
    and set empty it unsets them); several of one kind, the last in the environment's order; and in a CGI script
    (``REQUEST_METHOD`` set) ``HTTP_PROXY`` in other than lower case is ignored, as a client's "Proxy:" header
    may have set it (CVE-2016-1000110)."""
    proxies: dict[str, tuple[str, str]] = {}
    for name, value in environ.items():  # first pass: any case
        lowered = name.lower()
        if value and lowered[-6:] == "_proxy":
            proxies[lowered[:-6]] = (name, value.strip())
    if "REQUEST_METHOD" in environ:
        proxies.pop("http", None)
    for name, value in environ.items():  # second pass: "_proxy" in lower case, the name before it in any
        if name[-6:] == "_proxy":
            if value:
                proxies[name.lower()[:-6]] = (name, value.strip())
            else:
                proxies.pop(name.lower()[:-6], None)
    return proxies
