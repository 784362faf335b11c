"""The container's HEALTHCHECK command against a real endpoint: healthy while /healthz answers, not after."""

from __future__ import annotations

import asyncio
import logging
import os
import sys
from pathlib import Path

import pytest
from pydantic import ValidationError

from adapters import healthcheck as healthcheck_module
from adapters.http_endpoint import HttpEndpoint
from adapters.prometheus_metrics import PrometheusMetrics
from adapters.readiness import Readiness
from adapters.settings import Settings
from tests.support.ports import no_ipv6_loopback, reserved_port


async def nothing_wrong() -> None:
    pass


async def healthcheck(**env: str) -> int:
    clean = {key: value for key, value in os.environ.items() if not key.upper().startswith("QUIZ_")}
    process = await asyncio.create_subprocess_exec(sys.executable, "-m", "adapters.healthcheck",
                                                   env={**clean, **env}, stderr=asyncio.subprocess.DEVNULL)
    return await asyncio.wait_for(process.wait(), 30)


async def test_healthy_while_healthz_answers_and_unhealthy_once_it_is_gone() -> None:
    endpoint = HttpEndpoint("127.0.0.1", 0, PrometheusMetrics(), Readiness(nothing_wrong, []))
    await endpoint.start()
    port = str(endpoint.port)
    try:
        assert await healthcheck(QUIZ_HTTP_PORT=port) == 0
        assert await healthcheck(QUIZ_HTTP_PORT=port, QUIZ_HTTP_HOST="0.0.0.0") == 0
        assert await healthcheck(QUIZ_HTTP_PORT=port, QUIZ_HTTP_HOST="127.0.0.1") == 0
    finally:
        await endpoint.stop()
    assert await healthcheck(QUIZ_HTTP_PORT=port) == 1


async def test_a_proxy_set_for_the_container_is_not_asked_for_the_bots_own_endpoint() -> None:
    """Docker passes its client's proxy settings into every container: through the proxy, the check would call a
    healthy bot dead for good (and compose's second replica, waiting for the first to be healthy, never start)."""
    endpoint = HttpEndpoint("127.0.0.1", 0, PrometheusMetrics(), Readiness(nothing_wrong, []))
    await endpoint.start()
    nowhere = "http://127.0.0.1:9"  # discard port: nothing answers
    try:
        assert await healthcheck(QUIZ_HTTP_PORT=str(endpoint.port), HTTP_PROXY=nowhere, http_proxy=nowhere,
                                 NO_PROXY="", no_proxy="") == 0
    finally:
        await endpoint.stop()


@pytest.mark.skipif(no_ipv6_loopback(), reason="this machine has no IPv6 loopback")
async def test_an_endpoint_listening_on_every_ipv6_address_is_asked_over_ipv6_loopback() -> None:
    """asyncio's IPv6 servers take IPv6 only: asked over 127.0.0.1, the check would call a healthy bot dead."""
    endpoint = HttpEndpoint("::", 0, PrometheusMetrics(), Readiness(nothing_wrong, []))
    await endpoint.start()
    try:
        assert await healthcheck(QUIZ_HTTP_PORT=str(endpoint.port), QUIZ_HTTP_HOST="::") == 0
    finally:
        await endpoint.stop()


@pytest.mark.skipif(no_ipv6_loopback(), reason="this machine has no IPv6 loopback")
async def test_the_endpoint_logs_an_ipv6_address_as_a_url_takes_it(caplog: pytest.LogCaptureFixture) -> None:
    endpoint = HttpEndpoint("::1", 0, PrometheusMetrics(), Readiness(nothing_wrong, []))
    with caplog.at_level(logging.INFO, logger="adapters.http_endpoint"):
        await endpoint.start()
        port = endpoint.port
        await endpoint.stop()
    assert f"health and metrics on http://[::1]:{port} " in caplog.text  # http://::1:8080 is no URL


async def test_with_the_endpoint_turned_off_there_is_nothing_to_check() -> None:
    assert await healthcheck() == 0
    assert await healthcheck(QUIZ_HTTP_PORT="") == 0


@pytest.mark.parametrize("written", ["{port}", " {port} ", "0{port}", "+{port}", "{port}.0", "{port}.00"])
async def test_a_port_the_bot_takes_is_one_its_healthcheck_can_ask(written: str, tmp_path: Path) -> None:
    """QUIZ_HTTP_PORT is read twice: by the bot's settings, and by the HEALTHCHECK (standard library only, Python's
    int()). pydantic took "8080.0" as 8080, which the check's URL can't hold: the bot served while Docker called it
    unhealthy, a traceback in its log. Whatever the settings take, the check must reach; else they refuse it."""
    endpoint = HttpEndpoint("127.0.0.1", 0, PrometheusMetrics(), Readiness(nothing_wrong, []))
    await endpoint.start()
    value = written.format(port=endpoint.port)
    try:
        try:
            taken = Settings(data_dir=tmp_path, http_port=value).http_port
        except ValidationError as refused:
            assert "whole number" in str(refused)  # exit 2 at start-up, the variable named: nothing to check
            return
        assert taken == endpoint.port
        assert await healthcheck(QUIZ_HTTP_PORT=value) == 0
    finally:
        await endpoint.stop()


async def port_the_settings_read(**env: str) -> str:
    """QUIZ_HTTP_PORT as the bot's settings read it from ``env`` (in its order), in a process of its own."""
    clean = {key: value for key, value in os.environ.items() if not key.upper().startswith("QUIZ_")}
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-c", "from adapters.settings import Settings; print(Settings().http_port)",
        env={**clean, **env}, stdout=asyncio.subprocess.PIPE)
    out, _ = await asyncio.wait_for(process.communicate(), 30)
    return out.decode().strip()


async def test_the_port_is_read_in_any_case_as_the_settings_read_it() -> None:
    """pydantic-settings reads QUIZ_* names in any case: with quiz_http_port the bot served the endpoint while the
    check, reading QUIZ_HTTP_PORT alone, found nothing to check and called a dead endpoint healthy."""
    with reserved_port() as dead:
        assert await port_the_settings_read(quiz_http_port=str(dead)) == str(dead)
        assert await healthcheck(quiz_http_port=str(dead)) == 1
        assert await healthcheck(Quiz_Http_Port=str(dead), quiz_http_host="127.0.0.1") == 1


async def test_of_two_spellings_the_check_asks_the_port_the_bot_serves() -> None:
    """The image sets QUIZ_HTTP_PORT=8080; an operator's quiz_http_port coming after it in the environment is the
    one the settings keep (the last spelling wins; an empty one counts as unset): the check asked the image's port,
    where nothing listened, and called a healthy bot dead."""
    endpoint = HttpEndpoint("127.0.0.1", 0, PrometheusMetrics(), Readiness(nothing_wrong, []))
    await endpoint.start()
    live = str(endpoint.port)
    try:
        with reserved_port() as dead:
            for env in ({"QUIZ_HTTP_PORT": str(dead), "quiz_http_port": live},
                        {"quiz_http_port": live, "QUIZ_HTTP_PORT": ""}):
                assert await port_the_settings_read(**env) == live, env
                assert await healthcheck(**env) == 0, env
    finally:
        await endpoint.stop()


@pytest.mark.parametrize("written", ["8080.0", "٨٠٨٠", "http"])
async def test_a_port_the_settings_refuse_is_one_line_not_a_traceback(written: str) -> None:
    """The bot refuses such a port at start-up (exit 2, the variable named); the check said so with a traceback of
    http.client's every 30 seconds in `docker inspect`: it says why in one line, and unhealthy."""
    clean = {key: value for key, value in os.environ.items() if not key.upper().startswith("QUIZ_")}
    process = await asyncio.create_subprocess_exec(sys.executable, "-m", "adapters.healthcheck",
                                                   env={**clean, "QUIZ_HTTP_PORT": written},
                                                   stderr=asyncio.subprocess.PIPE)
    _, err = await asyncio.wait_for(process.communicate(), 30)
    assert process.returncode == 1
    said = err.decode().strip().splitlines()
    assert len(said) == 1 and said[0].startswith("healthcheck: "), said


def container_running(tmp_path: Path, *argv: str) -> Path:
    """A /proc whose process 1 (a container's main process) was started with ``argv``."""
    (tmp_path / "1").mkdir()
    (tmp_path / "1" / "cmdline").write_bytes(b"".join(word.encode() + b"\0" for word in argv))
    return tmp_path


@pytest.mark.parametrize("argv", [("/usr/local/bin/python", "/usr/local/bin/quiztutor", "play"),
                                  ("/sbin/docker-init", "--", "quiztutor", "validate"),
                                  ("quiztutor", "stats", "--since", "2026-01-01"),
                                  ("/bin/sh", "-c", "quiztutor play --lang fr"),
                                  ("sh", "-c", "exec /usr/local/bin/quiztutor 'validate'")])
def test_a_container_running_another_command_than_run_has_nothing_to_check(argv: tuple[str, ...],
                                                                           tmp_path: Path) -> None:
    """`docker run -it IMAGE quiztutor play` keeps the image's HEALTHCHECK and QUIZ_HTTP_PORT=8080, but only `run`
    serves /healthz: the container showed "unhealthy" a minute in, while the learner played."""
    with reserved_port() as dead:
        assert healthcheck_module.main({"QUIZ_HTTP_PORT": str(dead)}, container_running(tmp_path, *argv)) == 0


@pytest.mark.parametrize("argv", [("/usr/local/bin/python", "/usr/local/bin/quiztutor", "run"),
                                  ("/sbin/docker-init", "--", "quiztutor", "run"), ("/sbin/init",),
                                  ("/bin/sh", "-c", "alembic upgrade head && exec quiztutor run"),
                                  ("sh", "-c", "echo 'unbalanced"),
                                  ("sh", "-c", "quiztutor validate && exec quiztutor run")])
def test_a_container_running_the_bots_or_anything_else_is_checked(argv: tuple[str, ...], tmp_path: Path) -> None:
    with reserved_port() as dead:
        assert healthcheck_module.main({"QUIZ_HTTP_PORT": str(dead)}, container_running(tmp_path, *argv)) == 1
        assert healthcheck_module.main({"QUIZ_HTTP_PORT": str(dead)}, tmp_path / "no-proc") == 1  # unread: asked
