"""A port the process may not listen on, or a host that is no host name, is a setting to fix, named, like a port
in use."""

from __future__ import annotations

import errno
import os

import pytest
from aiohttp import web

from adapters.http_site import listen_failure, serve
from adapters.settings import ConfigurationError
from tests.support.ports import no_ipv6_loopback, reserved_port


def test_a_port_the_process_may_not_open_names_the_variable() -> None:
    # What the kernel raises for an unprivileged process on port 443. Root (the tests' usual user here) may bind
    # any port, so the error is made as the system makes it rather than provoked.
    refused = PermissionError(errno.EACCES, os.strerror(errno.EACCES))
    # It said no more than "can't listen on port 443: Permission denied": not that such a port is root's, nor what to
    # give instead (a webhook URL's 443 is the proxy's port, not the one the bot listens on).
    failure = listen_failure(refused, "127.0.0.1", 443, "QUIZ_TELEGRAM_WEBHOOK_LISTEN", "QUIZ_TELEGRAM_WEBHOOK_PORT")
    assert failure.problems == [("QUIZ_TELEGRAM_WEBHOOK_PORT", "can't listen on port 443: Permission denied (a port "
                                 "below 1024 needs root, or the CAP_NET_BIND_SERVICE capability): give one from 1024 "
                                 "up, behind a proxy that listens on the public port")]
    # Refused above 1023 (a security policy's doing): nothing more to say of it.
    failure = listen_failure(refused, "127.0.0.1", 8080, "QUIZ_HTTP_HOST", "QUIZ_HTTP_PORT")
    assert failure.problems == [("QUIZ_HTTP_PORT", "can't listen on port 8080: Permission denied")]


@pytest.mark.parametrize("host", ["127..0.0.1", ".localhost", "x" * 64, "h\udce9"])  # "\udce9": a Latin-1 "é"
async def test_a_host_that_is_no_host_name_names_its_variable(host: str) -> None:
    # The resolver's IDNA encoding refuses these before any lookup, with a UnicodeError rather than an OSError.
    with reserved_port() as port, pytest.raises(ConfigurationError) as refused:
        await serve(web.Application(), host, port, host_variable="QUIZ_TELEGRAM_WEBHOOK_LISTEN",
                    port_variable="QUIZ_TELEGRAM_WEBHOOK_PORT")
    assert refused.value.problems == [("QUIZ_TELEGRAM_WEBHOOK_LISTEN", f"{host!r} is not an address of this machine")]


@pytest.mark.skipif(no_ipv6_loopback(), reason="this machine has no IPv6")
async def test_a_link_local_ipv6_address_without_its_interface_names_the_host_not_the_port() -> None:
    """fe80::/10 addresses need their interface (fe80::1%eth0): bind refuses one without it with EINVAL, which was
    blamed on the port ("QUIZ_HTTP_PORT: can't listen on port 8080: ... invalid argument"), a setting that was
    fine. bind says EINVAL of an address alone (the port is checked 1-65535 before), so the host is named."""
    with reserved_port() as port, pytest.raises(ConfigurationError) as refused:
        await serve(web.Application(), "fe80::1", port, host_variable="QUIZ_HTTP_HOST", port_variable="QUIZ_HTTP_PORT")
    assert refused.value.problems == [("QUIZ_HTTP_HOST", "'fe80::1' is not an address of this machine")]
