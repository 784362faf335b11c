"""Webhook mode, for deployments behind a load balancer: Telegram posts updates to the bot's own server."""

from __future__ import annotations

import logging
import socket
import time
from collections.abc import Callable
from pathlib import Path

import aiohttp
import pytest
from pydantic import SecretStr
from sqlalchemy.engine import make_url

from adapters.cli.exit_codes import ExitCode
from adapters.runtime import open_services
from adapters.settings import Settings
from adapters.telegram.adapter import TelegramAdapter
from tests.support.tcp_proxy import TcpProxy
from tests.telegram.processes import BotProcess, bot_env
from tests.telegram.telegram_fake_api import FakeBotApi
from tests.telegram.telegram_harness import (
    AMINATA,
    SIGNED,
    WEBHOOK_SECRET,
    for_chat,
    in_webhook_mode,
    running_bot,
    telegram_settings,
    with_telegram,
)


async def test_in_webhook_mode_the_bot_registers_its_url_and_secret_and_serves_posted_updates(
        api: FakeBotApi, settings: Settings, reserve_port: Callable[[], int]) -> None:
    webhook, url = in_webhook_mode(reserve_port(), settings)
    update = {"update_id": 1, "message": {
        "message_id": 1, "date": int(time.time()), "chat": {"id": AMINATA.id, "type": "private"},
        "from": AMINATA.json(), "text": "/progress", "entities": [{"type": "bot_command", "offset": 0, "length": 9}]}}
    async with running_bot(webhook):
        registered = api.calls("setWebhook")[0].params
        assert registered["url"] == url and registered["secret_token"] == WEBHOOK_SECRET
        assert set(registered["allowed_updates"]) == {"message", "callback_query", "poll_answer", "my_chat_member"}
        assert not api.calls("getUpdates")

        async with aiohttp.ClientSession() as client:
            unsigned = await client.post(url, json=update)
            assert unsigned.status == 403
            forged = await client.post(url, json=update, headers={"X-Telegram-Bot-Api-Secret-Token": "guess"})
            assert forged.status == 403
            posted = await client.post(url, json=update,
                                       headers=SIGNED)
            assert posted.status == 200
        replies = await api.wait_for("sendMessage", 1, for_chat(AMINATA.id))
        assert len(replies) == 1


@pytest.mark.parametrize("path", ["/hooks/t%C3%A9l%C3%A9gram%20bot%7E1", "/hooks/a%2Fb/100%25", "/hooks/%7Bbot%7D"])
async def test_a_webhook_url_with_escapes_in_its_path_is_served_where_telegram_posts(
        api: FakeBotApi, settings: Settings, path: str, reserve_port: Callable[[], int]) -> None:
    """A path is matched decoded but for an escaped "/" or "%": registered otherwise, every update meets 404."""
    webhook, url = in_webhook_mode(reserve_port(), settings, path=path)
    async with running_bot(webhook):
        assert api.calls("setWebhook")[0].params["url"] == url
        async with aiohttp.ClientSession() as client:
            posted = await client.post(url, json=help_update(1),
                                       headers=SIGNED)
            assert posted.status == 200
        await api.wait_for("sendMessage", 1, for_chat(AMINATA.id))


@pytest.mark.parametrize("secret", [None, ""])
async def test_webhook_mode_without_a_secret_refuses_to_start_rather_than_take_updates_from_anyone(
        api: FakeBotApi, settings: Settings, secret: str | None) -> None:
    webhook = with_telegram(settings, webhook_url="https://quiz.example.org/hooks/telegram",
                            webhook_secret=None if secret is None else SecretStr(secret))
    async with open_services(webhook) as services:
        with pytest.raises(ValueError, match="QUIZ_TELEGRAM_WEBHOOK_SECRET"):
            TelegramAdapter(services.engine, telegram_settings(webhook))
    assert not api.requests  # refused before talking to Telegram


def help_update(update_id: int) -> dict[str, object]:
    return {"update_id": update_id, "message": {
        "message_id": update_id, "date": int(time.time()), "chat": {"id": AMINATA.id, "type": "private"},
        "from": AMINATA.json(), "text": "/help", "entities": [{"type": "bot_command", "offset": 0, "length": 5}]}}


async def test_the_webhook_answers_once_the_update_is_handled_and_asks_again_for_one_an_outage_stopped(
        api: FakeBotApi, settings: Settings, postgres_url: str, caplog: pytest.LogCaptureFixture, reserve_port:
        Callable[[], int]) -> None:
    """Telegram delivers again only what wasn't acknowledged: a 200 before the handlers ran would lose an update
    the replica then failed (its database down) or never finished (killed). The bot runs on PostgreSQL through
    a TCP forwarder the test cuts: a real outage, the server itself staying up. The outage's first failed update
    is logged once, and the next within the minute not at all: neither the apology's language nor a vote's chat is
    asked of the database that just failed (which logged a warning of its own for each, and cost one more connection
    attempt)."""
    server = make_url(postgres_url)
    proxy = TcpProxy(server.host or "127.0.0.1", server.port or 5432)
    await proxy.open()
    through_proxy = server.set(host="127.0.0.1", port=proxy.port).render_as_string(hide_password=False)
    webhook, url = in_webhook_mode(reserve_port(), settings.model_copy(update={"database_url": through_proxy}))
    try:
        async with running_bot(webhook) as engine, aiohttp.ClientSession() as client:
            handled = await client.post(url, json=help_update(1), headers=SIGNED)
            assert handled.status == 200
            assert len(api.calls("sendMessage", for_chat(AMINATA.id))) == 1  # sent before the 200 came back

            await proxy.cut()  # PostgreSQL can't be reached
            caplog.clear()
            caplog.set_level(logging.INFO)
            stopped = await client.post(url, json=help_update(2), headers=SIGNED)
            assert stopped.status == 503  # Telegram will deliver it again
            warned = handlers_warnings(caplog)
            assert len(warned) == 1 and warned[0].startswith("Telegram update 2 (command) failed: a service is "
                                                             "unreachable"), warned
            caplog.clear()  # a vote: where to apologise is the database's to say, and it is down
            vote = {"update_id": 3, "poll_answer": {"poll_id": "poll-9", "user": AMINATA.json(), "option_ids": [0],
                                                    "option_persistent_ids": ["0"]}}
            assert (await client.post(url, json=vote, headers=SIGNED)).status == 503
            # Within a minute of the last such line: only counted (adapters/failures.py, OutageLines).
            assert handlers_warnings(caplog) == []
            await proxy.open()  # the outage is over
            again = await client.post(url, json=help_update(2), headers=SIGNED)
            assert again.status == 200
            texts = [call.params["text"] for call in api.calls("sendMessage", for_chat(AMINATA.id))]
            sorry = engine.localizer_for("fr")("Sorry, something went wrong. Please try again in a moment.")
            assert texts[1] == sorry and texts[2] == texts[0]  # one apology, then the help it asked for
            assert len(texts) == 3
            for body in (b"{not json", b"[]", b"1", b"\xff"):  # no update: refused, never a 500
                broken = await client.post(url, data=body, headers=SIGNED)
                assert broken.status == 400, body
    finally:
        await proxy.cut()


async def test_a_webhook_port_already_in_use_is_a_setting_to_fix_named_with_exit_2(
        api: FakeBotApi, tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        env = bot_env(api.base_url, tmp_path, QUIZ_TELEGRAM_WEBHOOK_URL=f"http://127.0.0.1:{port}/hook",
                      QUIZ_TELEGRAM_WEBHOOK_LISTEN="127.0.0.1", QUIZ_TELEGRAM_WEBHOOK_PORT=str(port),
                      QUIZ_TELEGRAM_WEBHOOK_SECRET=WEBHOOK_SECRET)
        bot = await BotProcess.start(env)
        assert await bot.exited() == ExitCode.CONFIGURATION, bot.log
    assert f"QUIZ_TELEGRAM_WEBHOOK_PORT: port {port} is already in use" in bot.log
    assert "Traceback" not in bot.log and not api.calls("setWebhook")


async def test_a_webhook_address_telegram_refuses_is_a_setting_named_with_exit_2(
        api: FakeBotApi, tmp_path: Path, reserve_port: Callable[[], int]) -> None:
    api.fail_next("setWebhook", 400, "Bad Request: bad webhook: HTTPS url must be provided for webhook")
    port = reserve_port()
    bot = await BotProcess.start(bot_env(api.base_url, tmp_path, QUIZ_TELEGRAM_WEBHOOK_URL=f"http://127.0.0.1:{port}/h",
                                         QUIZ_TELEGRAM_WEBHOOK_LISTEN="127.0.0.1",
                                         QUIZ_TELEGRAM_WEBHOOK_PORT=str(port),
                                         QUIZ_TELEGRAM_WEBHOOK_SECRET=WEBHOOK_SECRET))
    assert await bot.exited() == ExitCode.CONFIGURATION, bot.log
    assert "QUIZ_TELEGRAM_WEBHOOK_URL: Telegram refused it: Bad webhook: https url must be provided" in bot.log
    assert "Traceback" not in bot.log


# TEST-NET-1, nobody's address here; then names the resolver's IDNA encoding refuses outright (a doubled dot, a
# label over 63 letters), which failed as "UnicodeError: encoding with 'idna' codec failed" with exit 1.
@pytest.mark.parametrize("host", ["192.0.2.1", "127..0.0.1", "x" * 64 + ".example.org"])
async def test_an_http_host_this_machine_cant_listen_on_is_a_setting_named_with_exit_2(
        api: FakeBotApi, tmp_path: Path, host: str, reserve_port: Callable[[], int]) -> None:
    bot = await BotProcess.start(bot_env(api.base_url, tmp_path, QUIZ_HTTP_PORT=str(reserve_port()),
                                         QUIZ_HTTP_HOST=host))
    assert await bot.exited() == ExitCode.CONFIGURATION, bot.log
    assert f"QUIZ_HTTP_HOST: '{host}' is not an address of this machine" in bot.log
    assert "Traceback" not in bot.log


def handlers_warnings(caplog: pytest.LogCaptureFixture) -> list[str]:
    """What the updates' handling warned of: the sweepers, on their own clock, say the outage in lines of their own
    (bot.sweeper), once however long it lasts, whenever a sweep comes in it."""
    return [record.getMessage() for record in caplog.records
            if record.levelno >= logging.WARNING and record.name != "bot.sweeper"]
