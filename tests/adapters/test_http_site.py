"""A port the process may not listen on is a setting to fix, named, like a port in use."""

from __future__ import annotations

import errno

import pytest
from aiohttp import web

from adapters.http_site import serve
from adapters.settings import ConfigurationError


async def test_a_port_the_process_may_not_open_names_the_variable(monkeypatch: pytest.MonkeyPatch) -> None:
    # Root may bind any port, so the refusal an unprivileged process gets on port 443 is raised by the site itself.
    async def refused(_site: web.TCPSite) -> None:
        raise PermissionError(errno.EACCES, "Permission denied")
    monkeypatch.setattr(web.TCPSite, "start", refused)
    with pytest.raises(ConfigurationError) as error:
        await serve(web.Application(), "127.0.0.1", 443, host_variable="QUIZ_HTTP_HOST", port_variable="QUIZ_HTTP_PORT")
    assert error.value.problems == [("QUIZ_HTTP_PORT", "can't listen on port 443: Permission denied")]
