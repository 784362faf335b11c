"""After start-up, a gateway connection discord.py tries again (an outage answering its reconnects 503) is one
line per try, not a traceback each; at DEBUG the traceback is kept, and errors it doesn't retry are untouched."""

from __future__ import annotations

import logging

import pytest

from tests.discord.fake_discord import FakeDiscord
from tests.discord.harness import RunningBot

RECONNECT = "Attempting a reconnect in "


def reconnects(caplog: pytest.LogCaptureFixture) -> list[logging.LogRecord]:
    return [record for record in caplog.records if record.getMessage().startswith(RECONNECT)]


async def test_each_reconnect_discord_py_tries_again_is_one_line(bot: RunningBot, fake: FakeDiscord,
                                                                caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO)
    fake.unavailable.gateways = 2
    await fake.drop_gateway(4000)  # Discord's "unknown error": discord.py reconnects, and meets the outage
    await fake.wait_until(lambda: len(reconnects(caplog)) == 2, within=15)
    for record in reconnects(caplog):
        assert record.name == "discord.client" and record.levelno == logging.ERROR
        assert record.exc_info is None, record.getMessage()
        assert ("s: WSServerHandshakeError: 503, message='Invalid response status', "
                f"url='{fake.gateway_url}?") in record.getMessage(), record.getMessage()
    assert "Traceback" not in caplog.text


async def test_at_debug_the_reconnects_traceback_is_kept(bot: RunningBot, fake: FakeDiscord,
                                                       caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG)
    fake.unavailable.gateways = 1
    await fake.drop_gateway(4000)
    await fake.wait_until(lambda: reconnects(caplog), within=15)
    (record,) = reconnects(caplog)
    assert record.exc_info is not None and "WSServerHandshakeError" in caplog.text


async def test_a_gateway_error_discord_py_gives_up_on_keeps_its_traceback(bot: RunningBot, fake: FakeDiscord,
                                                                        caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO)
    await fake.drop_gateway(4004)  # authentication failed: not retried, the gateway stops
    await fake.wait_until(lambda: bot.adapter.not_ready() == "gateway stopped: ConnectionClosed", within=15)
    (stopped,) = [record for record in caplog.records if record.getMessage() == "the Discord gateway stopped"]
    assert stopped.exc_info is not None and "Traceback" in caplog.text
    assert not reconnects(caplog)
