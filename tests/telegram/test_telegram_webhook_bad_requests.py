"""What the webhook answers to requests no Telegram would send: a clear 4xx, never a 500 and its traceback."""

from __future__ import annotations

import asyncio
import io
import logging
import time
from collections.abc import Callable

import aiohttp
import pytest
from yarl import URL

from adapters.settings import Settings
from adapters.telegram.webhook import MAX_BODY
from tests.telegram.telegram_fake_api import FakeBotApi
from tests.telegram.telegram_harness import AMINATA, SIGNED, WEBHOOK_SECRET, for_chat, in_webhook_mode, running_bot


async def raw_post(url: str, headers: bytes, body: bytes = b"{}") -> int:
    """The status of a POST written byte for byte: an HTTP client would refuse to send a header that isn't text."""
    where = URL(url)
    reader, writer = await asyncio.open_connection(where.host, where.port)
    try:
        writer.write(b"POST " + where.raw_path.encode() + b" HTTP/1.1\r\nHost: bot\r\nConnection: close\r\n"
                     b"Content-Type: application/json\r\n" + headers
                     + b"Content-Length: " + str(len(body)).encode() + b"\r\n\r\n" + body)
        await writer.drain()
        status_line = await reader.readline()
    finally:
        writer.close()
    return int(status_line.split()[1])


async def test_a_secret_header_that_is_not_text_is_refused_like_a_wrong_secret(
        api: FakeBotApi, settings: Settings, caplog: pytest.LogCaptureFixture, reserve_port: Callable[[], int]) -> None:
    """Anyone who finds the URL can send such a byte (proxies pass it on): a 500 would let them fill the log with
    tracebacks and set off error alerts, without knowing the secret."""
    webhook, url = in_webhook_mode(reserve_port(), settings)
    async with running_bot(webhook):
        assert await raw_post(url, b"X-Telegram-Bot-Api-Secret-Token: guess\r\n") == 403
        assert await raw_post(url, b"X-Telegram-Bot-Api-Secret-Token: gu\xffess\r\n") == 403
        assert await raw_post(url, b"X-Telegram-Bot-Api-Secret-Token: " + WEBHOOK_SECRET.encode() + b"\xff\r\n") == 403
    assert not [record for record in caplog.records if record.levelno >= logging.ERROR]
    # Said once, not once a post (anyone may send them), naming the setting but never a secret, given or kept: a
    # replica whose secret differs from the one Telegram was given would otherwise refuse every update in silence.
    warned = [record.getMessage() for record in caplog.records if record.levelno == logging.WARNING]
    assert len(warned) == 1 and "QUIZ_TELEGRAM_WEBHOOK_SECRET" in warned[0], warned
    assert "guess" not in warned[0] and WEBHOOK_SECRET not in warned[0]


def update_with(**fields: object) -> dict[str, object]:
    return {"update_id": 7, "message": message_with()} | fields


def message_with(**fields: object) -> dict[str, object]:
    """Aminata's /help, with ``fields`` changed (None: left out)."""
    message = {"message_id": 1, "date": int(time.time()), "chat": {"id": AMINATA.id, "type": "private"},
               "from": AMINATA.json(), "text": "/help", "entities": [{"type": "bot_command", "offset": 0, "length": 5}]}
    return {name: value for name, value in (message | fields).items() if value is not None}


@pytest.mark.parametrize("body", [
    {"update_id": 1, "message": "x"},  # a message that is no object
    update_with(message=message_with(date=1e20)),  # no datetime
    {"update_id": [1]},  # an update id that is no number
    {"update_id": "7"},
    {"update_id": True},
    # Fields PTB takes as they come: each failed a handler (logged as a bug) or PTB itself (a 500).
    update_with(message=message_with(chat=None)),  # a message without its chat
    update_with(message=message_with(chat={"id": [AMINATA.id], "type": "private"})),  # no number for its id
    update_with(message=message_with(entities=[{"type": "bot_command", "offset": "0", "length": 5}])),
    {"update_id": 7, "my_chat_member": {}},  # the bot's membership changed, from what to what unsaid
    {"update_id": 7, "callback_query": {"id": "1", "from": AMINATA.json() | {"id": {}}, "chat_instance": "1",
                                        "data": "lang:fr", "message": message_with()}},
    {"update_id": 7, "poll_answer": {"poll_id": "1", "user": AMINATA.json(), "option_ids": ["0"],
                                     "option_persistent_ids": ["0"]}},
])
async def test_a_signed_update_that_is_not_one_is_refused_with_400_and_the_next_one_is_served(
        api: FakeBotApi, settings: Settings, caplog: pytest.LogCaptureFixture, body: dict[str, object], reserve_port:
        Callable[[], int]) -> None:
    """Only a sender with the secret gets here (Telegram, or a proxy that changed the body): it hears 400, as for
    a body that is no JSON, and nothing is handled."""
    webhook, url = in_webhook_mode(reserve_port(), settings)
    async with running_bot(webhook), aiohttp.ClientSession() as client:
        refused = await client.post(url, json=body, headers=SIGNED)
        assert refused.status == 400
        assert not api.calls("sendMessage")
        served = await client.post(url, json=update_with(), headers=SIGNED)
        assert served.status == 200
        assert len(api.calls("sendMessage", for_chat(AMINATA.id))) == 1
    assert not [record for record in caplog.records if record.levelno >= logging.ERROR]


async def test_a_signed_body_nested_too_deep_to_read_is_refused_with_400(
        api: FakeBotApi, settings: Settings, reserve_port: Callable[[], int]) -> None:
    webhook, url = in_webhook_mode(reserve_port(), settings)
    deep = b"[" * 100_000 + b"]" * 100_000
    async with running_bot(webhook):
        assert await raw_post(url, f"X-Telegram-Bot-Api-Secret-Token: {WEBHOOK_SECRET}\r\n".encode(), deep) == 400


async def test_a_signed_body_over_the_size_limit_is_refused_as_too_large(
        api: FakeBotApi, settings: Settings, reserve_port: Callable[[], int]) -> None:
    webhook, url = in_webhook_mode(reserve_port(), settings)
    async with running_bot(webhook), aiohttp.ClientSession() as client:
        # A file-like body: aiohttp warns (a ResourceWarning) that raw bytes this large may hold the event loop.
        huge = await client.post(url, data=io.BytesIO(b" " * (MAX_BODY + 1)), headers=SIGNED)
        assert huge.status == 413


async def test_a_refused_update_is_logged_with_what_is_wrong_in_it(
        api: FakeBotApi, settings: Settings, caplog: pytest.LogCaptureFixture, reserve_port: Callable[[], int]) -> None:
    """A vote from a Bot API server older than 9.6 (a self-hosted one) lacks option_persistent_ids, which PTB
    requires: every vote was refused with only "(TypeError)" in the log, and its operator had to find out why."""
    webhook, url = in_webhook_mode(reserve_port(), settings)
    old_vote = {"update_id": 7, "poll_answer": {"poll_id": "1", "user": AMINATA.json(), "option_ids": [0]}}
    async with running_bot(webhook), aiohttp.ClientSession() as client:
        assert (await client.post(url, json=old_vote, headers=SIGNED)).status == 400
    refusals = [record.getMessage() for record in caplog.records
                if "no update Telegram would send" in record.getMessage()]
    assert len(refusals) == 1 and "option_persistent_ids" in refusals[0], refusals
    assert "\n" not in refusals[0]
