"""`quiztutor run` as deployed with QUIZ_HTTP_PORT: a real process answering /healthz, /readyz and /metrics."""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import socket
import sys
from collections.abc import Callable
from pathlib import Path

import aiohttp

from tests.support.http_probe import get, sample, wait_for_status
from tests.telegram.telegram_fake_api import FakeBotApi
from tests.telegram.telegram_harness import AMINATA, FIXTURES, TOKEN, correct, next_poll, poll_id


def environment(api: FakeBotApi, data: Path, port: int) -> dict[str, str]:
    return {**os.environ, "QUIZ_TELEGRAM_TOKEN": TOKEN, "QUIZ_TELEGRAM_API_URL": api.base_url,
            "QUIZ_DATA_DIR": str(data), "QUIZ_CONTENT_DIR": str(FIXTURES), "QUIZ_HTTP_PORT": str(port),
            "QUIZ_HTTP_HOST": "127.0.0.1"}


async def up(url: str, within: float = 30.0) -> None:
    """Wait until something listens at ``url``."""
    deadline = asyncio.get_running_loop().time() + within
    while asyncio.get_running_loop().time() < deadline:
        with contextlib.suppress(aiohttp.ClientError):
            await get(url)
            return
        await asyncio.sleep(0.1)
    raise AssertionError(f"nothing answered at {url}")


async def test_quiztutor_run_serves_health_readiness_and_metrics_on_its_http_port(
        api: FakeBotApi, tmp_path: Path, reserve_port: Callable[[], int]) -> None:
    port = reserve_port()
    base = f"http://127.0.0.1:{port}"
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "adapters.cli.main", "run", env=environment(api, tmp_path, port),
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT)
    try:
        await up(base + "/healthz")
        assert (await get(base + "/healthz")).status == 200
        assert (await wait_for_status(base + "/readyz", 200, within=30)).text == "ready\n"
        started = await get(base + "/metrics")
        await api.command(AMINATA, "/quiz collectives")
        first = await next_poll(api, AMINATA.id, 1)
        await api.answer_poll(AMINATA, poll_id(first), [correct(first)])
        await next_poll(api, AMINATA.id, 2)
        await api.settle()
        page = await get(base + "/metrics")
    finally:
        process.send_signal(signal.SIGTERM)
        output, _ = await asyncio.wait_for(process.communicate(), 30)
    assert process.returncode == 0, output.decode()
    assert sample(page.text, "quiztutor_updates_total", platform="telegram", kind="command") == 1
    assert sample(page.text, "quiztutor_answers_scored_total", platform="telegram", result="correct") == 1
    assert f"health and metrics on http://127.0.0.1:{port}" in output.decode()
    # Every error series is there at 0 before the first error: a dashboard's rate() works from the start.
    for platform, kind in [("telegram", "handler"), ("telegram", "polling"), ("telegram", "sweep"),
                           ("all", "sweep"), ("all", "storage_busy"), ("all", "shared_transaction_lost")]:
        assert sample(started.text, "quiztutor_errors_total", platform=platform, kind=kind) == 0, (platform, kind)
    assert sample(started.text, "quiztutor_errors_total", platform="discord", kind="gateway") is None  # not run
    # So are the platform's answers, 429s and outbound queue, which "When to switch" says to watch.
    assert sample(started.text, "quiztutor_rate_limited_total", platform="telegram") == 0
    assert sample(started.text, "quiztutor_outbound_queue_depth", platform="telegram") == 0
    assert sample(started.text, "quiztutor_answers_scored_total", platform="telegram", result="wrong") == 0
    assert sample(page.text, "quiztutor_answers_scored_total", platform="telegram", result="wrong") == 0
    assert sample(started.text, "quiztutor_rate_limited_total", platform="discord") is None


async def test_a_port_already_in_use_is_a_configuration_error_naming_the_variable(api: FakeBotApi,
                                                                                  tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = int(taken.getsockname()[1])
        process = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "adapters.cli.main", "run", env=environment(api, tmp_path, port),
            stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT)
        output, _ = await asyncio.wait_for(process.communicate(), 60)
    log = output.decode()
    assert process.returncode == 2, log
    assert f"QUIZ_HTTP_PORT: port {port} is already in use" in log
    assert "Traceback" not in log


async def test_requests_the_endpoint_cant_parse_get_400_and_log_no_error(api: FakeBotApi, tmp_path: Path,
                                                                              reserve_port: Callable[[], int]) -> None:
    """A client's mistake (a header over aiohttp's 8 KB, a malformed header line) is answered 400: nothing for the
    operator to fix, so no ERROR and traceback in the log, which any client on the network could fill with them."""
    port = reserve_port()
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "adapters.cli.main", "run", env=environment(api, tmp_path, port),
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT)
    answers = []
    try:
        await up(f"http://127.0.0.1:{port}/healthz")
        for request in (b"GET /metrics HTTP/1.1\r\nHost: bot-1\r\nX-Big: " + b"a" * 20_000 + b"\r\n\r\n",
                        b"GET /readyz HTTP/1.1\r\nHost: bot-1\r\nno colon here\r\n\r\n"):
            reader, writer = await asyncio.open_connection("127.0.0.1", port)
            writer.write(request)
            await writer.drain()
            answers.append((await asyncio.wait_for(reader.read(), 10)).split(b"\r\n", 1)[0])
            writer.close()
        healthy = await get(f"http://127.0.0.1:{port}/healthz")
    finally:
        process.send_signal(signal.SIGTERM)
        output, _ = await asyncio.wait_for(process.communicate(), 30)
    log = output.decode()
    assert process.returncode == 0, log
    assert [answer.split(b" ")[1] for answer in answers] == [b"400", b"400"]
    assert healthy.status == 200
    assert " ERROR " not in log and "Traceback" not in log, log


async def test_a_webhook_process_lists_no_polling_error_series(api: FakeBotApi, tmp_path: Path,
                                                               reserve_port: Callable[[], int]) -> None:
    """Webhook mode runs no getUpdates, so quiztutor_errors_total{kind="polling"} could never count there: a series
    at 0 for ever that a dashboard would read as polling that never fails."""
    port, webhook = reserve_port(), reserve_port()
    env = {**environment(api, tmp_path, port), "QUIZ_TELEGRAM_WEBHOOK_URL": f"http://127.0.0.1:{webhook}/telegram",
           "QUIZ_TELEGRAM_WEBHOOK_LISTEN": "127.0.0.1", "QUIZ_TELEGRAM_WEBHOOK_PORT": str(webhook),
           "QUIZ_TELEGRAM_WEBHOOK_SECRET": "webhook-secret-0123456789"}
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "adapters.cli.main", "run", env=env,
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT)
    try:
        await up(f"http://127.0.0.1:{port}/healthz")
        await wait_for_status(f"http://127.0.0.1:{port}/readyz", 200, within=30)
        page = await get(f"http://127.0.0.1:{port}/metrics")
    finally:
        process.send_signal(signal.SIGTERM)
        output, _ = await asyncio.wait_for(process.communicate(), 30)
    assert process.returncode == 0, output.decode()
    assert api.webhook_url  # it ran in webhook mode
    assert sample(page.text, "quiztutor_errors_total", platform="telegram", kind="handler") == 0
    assert sample(page.text, "quiztutor_errors_total", platform="telegram", kind="polling") is None
