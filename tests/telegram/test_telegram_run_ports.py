"""`quiztutor run` given one port for two of its listeners: refused at once, naming both settings."""

from __future__ import annotations

import asyncio
import os
import sys
from collections.abc import Callable
from pathlib import Path

from adapters.listening import port_clashes
from tests.telegram.telegram_fake_api import FakeBotApi
from tests.telegram.test_telegram_run_http import environment


async def test_the_webhook_on_the_http_port_is_refused_before_the_database_naming_both(
        api: FakeBotApi, tmp_path: Path, reserve_port: Callable[[], int]) -> None:
    """The health endpoint and Telegram's webhook on one port: the second to listen found it "in use, by another
    process or by another QUIZ_*_PORT of this one", once the database was migrated and the webhook set, which
    sent the operator looking for another process."""
    port = reserve_port()
    env = {**environment(api, tmp_path, port), "QUIZ_TELEGRAM_WEBHOOK_URL": f"http://127.0.0.1:{port}/telegram",
           "QUIZ_TELEGRAM_WEBHOOK_LISTEN": "127.0.0.1", "QUIZ_TELEGRAM_WEBHOOK_PORT": str(port),
           "QUIZ_TELEGRAM_WEBHOOK_SECRET": "webhook-secret-0123456789"}
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "adapters.cli.main", "run", env=env,
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT)
    output, _ = await asyncio.wait_for(process.communicate(), 60)
    log = output.decode()
    assert process.returncode == 2, log
    assert (f"QUIZ_TELEGRAM_WEBHOOK_PORT: port {port} is QUIZ_HTTP_PORT's too (both on 127.0.0.1): give each "
            "its own port") in log
    assert "already in use" not in log and "Traceback" not in log, log
    assert not api.webhook_url  # refused before reaching Telegram
    assert not os.listdir(tmp_path)  # nor the database


def test_the_same_port_on_ipv4_and_ipv6_alone_is_no_clash() -> None:
    """`::` is IPv6's alone (README, QUIZ_HTTP_HOST): beside 127.0.0.1 on the same port it takes nothing."""
    assert port_clashes([("QUIZ_HTTP_PORT", "::", 8080), ("QUIZ_TELEGRAM_WEBHOOK_PORT", "127.0.0.1", 8080)]) == []
    assert port_clashes([("QUIZ_HTTP_PORT", "0.0.0.0", 8080),
                         ("QUIZ_TELEGRAM_WEBHOOK_PORT", "127.0.0.1", 8080)]) != []
    assert port_clashes([("QUIZ_HTTP_PORT", "127.0.0.1", 8080),
                         ("QUIZ_TELEGRAM_WEBHOOK_PORT", "127.0.0.2", 8080)]) == []
