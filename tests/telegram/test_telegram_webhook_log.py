"""The webhook server says where it listens, path included: the address a proxy must forward the posts to."""

from __future__ import annotations

import logging

import pytest
from telegram.ext import ApplicationBuilder

from adapters.telegram.webhook import Unfinished, WebhookServer
from tests.support.ports import reserved_port


@pytest.mark.parametrize(("listen", "shown"), [("127.0.0.1", "127.0.0.1"), ("::1", "[::1]")])
async def test_the_webhook_logs_its_address_and_path(listen: str, shown: str, caplog: pytest.LogCaptureFixture) -> None:
    app = ApplicationBuilder().token("123456:log-test-token").build()
    server = WebhookServer(app, "/telegram", "a-webhook-secret-0123456789", Unfinished())
    with reserved_port(listen) as port, caplog.at_level(logging.INFO, logger="adapters.telegram.webhook"):
        try:
            await server.start(listen, port)
        finally:
            await server.stop()
    assert f"Telegram webhook on http://{shown}:{port}/telegram" in caplog.text
