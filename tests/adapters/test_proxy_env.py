"""The proxy the environment names, read exactly as urllib reads it (httpx, Telegram's HTTP client, and aiohttp,
Discord's, both ask urllib): `run`'s check and the out-of-reach line must name the proxy the client really goes
through, not one it ignores, nor miss one it uses."""

from __future__ import annotations

import os
import urllib.request

import pytest

from adapters.proxy_env import loaded_proxies, named_proxy

TELEGRAM = "https://api.telegram.org/bot123/getMe"
PLAIN = "http://example.org/"


def urllib_proxies(monkeypatch: pytest.MonkeyPatch, environ: dict[str, str]) -> dict[str, str]:
    """What urllib itself reads from an environment holding these variables (in this order), of the proxies httpx
    loads: the oracle."""
    for name in list(os.environ):
        if name.lower().endswith("_proxy") or name == "REQUEST_METHOD":
            monkeypatch.delenv(name)
    for name, value in environ.items():
        monkeypatch.setenv(name, value)
    found = urllib.request.getproxies_environment()
    return {scheme: found[scheme] for scheme in ("http", "https", "all") if scheme in found}


CASES = {
    "any case": {"Https_Proxy": "http://mixed.example:3128"},
    "lower case over upper": {"https_proxy": "http://lower.example:3128", "HTTPS_PROXY": "http://upper.example:1"},
    "upper case first in the environment": {"HTTPS_PROXY": "http://upper.example:1",
                                            "https_proxy": "http://lower.example:3128"},
    "lower case over mixed": {"Https_Proxy": "http://mixed.example:1", "https_proxy": "http://lower.example:3128"},
    "only the suffix in lower case": {"https_proxy": "http://lower.example:1", "HTTPS_proxy": "http://up.example:2"},
    "the last of two not in lower case": {"HTTPS_PROXY": "http://upper.example:1",
                                          "Https_Proxy": "http://mixed.example:2"},
    "set empty, the lower-case one unsets the rest": {"HTTPS_PROXY": "http://upper.example:1", "https_proxy": ""},
    "set empty, another case unsets nothing": {"https_proxy": "http://lower.example:1", "HTTPS_PROXY": ""},
    "all_proxy in any case": {"All_Proxy": "http://all.example:3128"},
    "CGI: HTTP_PROXY may come from a client's header": {"REQUEST_METHOD": "GET", "HTTP_PROXY": "http://evil.example:1",
                                                        "Http_Proxy": "http://evil.example:2"},
    "CGI: http_proxy in lower case still counts": {"REQUEST_METHOD": "GET", "http_proxy": "http://lower.example:1"},
    "CGI: only HTTP_PROXY is ignored": {"REQUEST_METHOD": "POST", "HTTPS_PROXY": "http://upper.example:1"},
}


@pytest.mark.parametrize("environ", CASES.values(), ids=CASES.keys())
def test_the_proxies_httpx_loads_are_those_urllib_reads(monkeypatch: pytest.MonkeyPatch,
                                                        environ: dict[str, str]) -> None:
    expected = urllib_proxies(monkeypatch, environ)
    loaded = loaded_proxies(environ)
    assert [proxy.url for proxy in loaded] == list(expected.values())
    assert all(environ[proxy.variable] == proxy.url for proxy in loaded)  # the variable named is the one used


@pytest.mark.parametrize("environ", CASES.values(), ids=CASES.keys())
def test_the_proxy_for_a_url_is_the_one_urllib_gives_it(monkeypatch: pytest.MonkeyPatch,
                                                        environ: dict[str, str]) -> None:
    expected = urllib_proxies(monkeypatch, environ)
    for url, scheme in ((TELEGRAM, "https"), (PLAIN, "http")):
        proxy = named_proxy(url, environ)
        assert (proxy.url if proxy else None) == expected.get(scheme, expected.get("all"))


def test_the_variable_is_named_as_the_environment_spells_it() -> None:
    proxy = named_proxy(TELEGRAM, {"Https_Proxy": "http://mixed.example:3128"})
    assert proxy is not None and proxy.variable == "Https_Proxy"


def test_no_proxy_in_any_case_bypasses_the_proxy_and_its_lower_case_spelling_wins() -> None:
    assert named_proxy(TELEGRAM, {"HTTPS_PROXY": "http://upper.example:1", "No_Proxy": "*"}) is None
    assert loaded_proxies({"HTTPS_PROXY": "http://upper.example:1", "No_Proxy": "telegram.org,*"}) == []
    assert named_proxy(TELEGRAM, {"HTTPS_PROXY": "http://upper.example:1", "NO_PROXY": "*", "no_proxy": ""}) \
        is not None
