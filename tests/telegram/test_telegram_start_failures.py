"""A start that fails closes what it opened: no connection to the Bot API is left for the garbage collector (or
the process's end) to close, with a ResourceWarning under `python -X dev`."""

from __future__ import annotations

from urllib.parse import urlsplit

import pytest

from adapters.failures import LoginRejected
from adapters.runtime import open_services
from adapters.settings import Settings
from adapters.telegram.adapter import TelegramAdapter
from tests.support.tcp_proxy import TcpProxy
from tests.telegram.telegram_fake_api import FakeBotApi
from tests.telegram.telegram_harness import telegram_settings, with_telegram


async def test_a_rejected_token_leaves_no_connection_to_the_bot_api_open(api: FakeBotApi,
                                                                        settings: Settings) -> None:
    api.fail_next("getMe", 401, "Unauthorized")
    proxy = TcpProxy("127.0.0.1", urlsplit(api.base_url).port or 0)  # sees the connections the bot leaves open
    await proxy.open()
    settings = with_telegram(settings, api_url=f"http://127.0.0.1:{proxy.port}/bot")
    try:
        async with open_services(settings) as services:
            adapter = TelegramAdapter(services.engine, telegram_settings(settings))
            with pytest.raises(LoginRejected):
                await adapter.start()
            assert [call.method for call in api.requests] == ["getMe"]  # through the proxy, and refused
            await proxy.wait_idle()
    finally:
        await proxy.cut()  # its listening socket closed too, not left to the garbage collector
