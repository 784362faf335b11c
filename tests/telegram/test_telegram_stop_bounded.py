"""Stopping the bot doesn't wait for ever on an update handler that is stuck: PTB's stop() waits for every handler
under way, and one waiting out Telegram's 429 (a minute, say) or a database that stopped answering would hold
`quiztutor run` past the 30 s compose.yaml gives a container to stop, to be killed instead."""

from __future__ import annotations

import asyncio
import contextlib
import sqlite3
import time
from collections.abc import Callable

import aiohttp

from adapters.handlers_stop import HANDLERS_STOP_WAIT
from adapters.settings import Settings
from tests.telegram.telegram_fake_api import FakeBotApi, FakeUser
from tests.telegram.telegram_harness import SIGNED, in_webhook_mode, next_poll, poll_id, running_bot, wrong

ADA = FakeUser(401, "Ada", "en")


async def test_a_handler_waiting_out_a_long_429_is_cancelled_once_the_stop_has_waited_for_it(
        api: FakeBotApi, settings: Settings) -> None:
    api.fail_next("sendPoll", 429, "Too Many Requests: retry after 120", retry_after=120)
    async with running_bot(settings):
        await api.command(ADA, "/quiz collectives")
        await refused(api, "sendPoll")  # the handler now waits 120 s to send it again
        stopping = time.monotonic()
    took = time.monotonic() - stopping
    assert HANDLERS_STOP_WAIT <= took < HANDLERS_STOP_WAIT + 5, took
    assert api.calls("sendPoll") == []  # cancelled, not sent after all


async def test_an_update_queued_behind_a_stuck_one_still_runs_its_turn_before_the_stop_cancels_it(
        api: FakeBotApi, settings: Settings) -> None:
    """In polling mode Telegram has been told of every update fetched: one cancelled before it ran is lost. A
    learner's second update, queued behind their first (stuck waiting out a 429), runs once the first is
    cancelled, and what it does is kept (before: both were cancelled, the second never ran)."""
    async with running_bot(settings):
        await api.command(ADA, "/quiz collectives")
        first = await next_poll(api, ADA.id, 1)
        api.fail_next("sendPoll", 429, "Too Many Requests: retry after 120", retry_after=120)
        await api.answer_poll(ADA, poll_id(first), [wrong(first)])
        await refused(api, "sendPoll")  # the vote's handler now waits 120 s to send the next question
        await api.command(ADA, "/language fr")  # queued behind it, for Ada's turn
        await asyncio.sleep(0.2)
    with sqlite3.connect(settings.data_dir / "quiztutor.sqlite3") as database:
        stored = database.execute("SELECT language FROM users WHERE platform_user_id = ?", (str(ADA.id),)).fetchall()
    assert stored == [("fr",)]


async def test_in_webhook_mode_a_stuck_update_is_cut_off_unanswered_for_telegram_to_deliver_again(
        api: FakeBotApi, settings: Settings, reserve_port: Callable[[], int]) -> None:
    webhook, url = in_webhook_mode(reserve_port(), settings)
    update = {"update_id": 7, "message": {
        "message_id": 1, "date": int(time.time()), "chat": {"id": ADA.id, "type": "private"},
        "from": ADA.json(), "text": "/quiz collectives",
        "entities": [{"type": "bot_command", "offset": 0, "length": 5}]}}
    api.fail_next("sendPoll", 429, "Too Many Requests: retry after 120", retry_after=120)
    async with aiohttp.ClientSession() as client:
        async with running_bot(webhook):
            posting = asyncio.create_task(client.post(url, json=update, headers=SIGNED))
            await refused(api, "sendPoll")
            stopping = time.monotonic()
        took = time.monotonic() - stopping
        with contextlib.suppress(aiohttp.ClientError):
            answered = await asyncio.wait_for(posting, 5)
            assert answered.status != 200  # Telegram delivers it again
    assert took < 2 * HANDLERS_STOP_WAIT + 3, took


async def refused(api: FakeBotApi, method: str) -> None:
    for _ in range(200):
        if any(call.method == method and not call.ok for call in api.requests):
            return
        await asyncio.sleep(0.05)
    raise AssertionError(f"no {method} was refused")
