"""Telegram answering slower than the bot waits (PTB's TimedOut): the request may well have been carried out, so
one that sends something is never sent again; what is safe to repeat still is."""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from typing import Any

import aiohttp
import pytest
from telegram.ext import ExtBot
from telegram.request import HTTPXRequest

from adapters.settings import Settings
from adapters.telegram.answers import MaybeCarriedOut
from adapters.telegram.network import RetryingRateLimiter
from tests.telegram.telegram_fake_api import Call, FakeBotApi
from tests.telegram.telegram_harness import (
    AMINATA,
    SIGNED,
    TOKEN,
    correct,
    for_chat,
    in_webhook_mode,
    next_poll,
    poll_id,
    running_bot,
)

SLOWER_THAN_THE_BOT_WAITS = 5.5  # seconds: PTB's HTTPXRequest reads for 5 s
QUICK_READ = 0.3  # seconds a bot of the tests below waits for an answer


class SlowOnce:
    """The method's next reply comes after the bot stopped waiting for it: carried out, as Telegram would."""

    def __init__(self, api: FakeBotApi, method: str, delay: float = SLOWER_THAN_THE_BOT_WAITS) -> None:
        self.arrived = 0  # requests of it that reached the fake, answered or not yet
        self._delay = delay
        api.before_reply[method] = self._reply

    async def _reply(self, _result: Any) -> None:
        self.arrived += 1
        if self.arrived == 1:
            await asyncio.sleep(self._delay)


async def test_a_poll_telegram_answers_too_slowly_is_sent_once(api: FakeBotApi, settings: Settings) -> None:
    """Before: sent again after each time-out, the learner got two to four copies of her next question."""
    async with running_bot(settings):
        await api.command(AMINATA, "/quiz collectives")
        first = await next_poll(api, AMINATA.id, 1)
        slow = SlowOnce(api, "sendPoll")
        await api.answer_poll(AMINATA, poll_id(first), [correct(first)])
        second = await next_poll(api, AMINATA.id, 2)
        assert second.params["question"].startswith("2/3 ")
        await api.settle(quiet=2.0)  # a try again would come 0.5 s after the time-out, and answer at once
        assert slow.arrived == 1
        assert len(api.polls(AMINATA.id)) == 2


async def test_a_message_telegram_answers_too_slowly_is_not_sent_again(api: FakeBotApi) -> None:
    slow = SlowOnce(api, "sendMessage", QUICK_READ * 2)
    async with ExtBot(TOKEN, base_url=api.base_url, request=HTTPXRequest(read_timeout=QUICK_READ),
                      rate_limiter=RetryingRateLimiter(backoff=0.01)) as bot:
        with pytest.raises(MaybeCarriedOut, match="sendMessage may have gone through: Timed out"):
            await bot.send_message(AMINATA.id, "once")
        await api.settle(quiet=QUICK_READ * 3)
    assert slow.arrived == 1 and api.sent_texts(AMINATA.id) == ["once"]


async def test_a_read_telegram_answers_too_slowly_is_asked_again(api: FakeBotApi) -> None:
    slow = SlowOnce(api, "getWebhookInfo", QUICK_READ * 2)
    async with ExtBot(TOKEN, base_url=api.base_url, request=HTTPXRequest(read_timeout=QUICK_READ),
                      rate_limiter=RetryingRateLimiter(backoff=0.01)) as bot:
        assert (await bot.get_webhook_info()).url == ""
    assert slow.arrived == 2


class Retrying(logging.Handler):
    """Set once the limiter says it will try a request again."""

    def __init__(self) -> None:
        super().__init__()
        self.said = asyncio.Event()

    def emit(self, record: logging.LogRecord) -> None:
        if "retrying" in record.getMessage():
            self.said.set()


async def test_a_message_whose_connection_was_refused_is_sent_again(reserve_port: Callable[[], int]) -> None:
    """Nothing of it reached Telegram (down a moment, as in a restart): sent again once Telegram listens."""
    port = reserve_port()  # held between the two: no one else's server takes it while Telegram is down
    before, after = FakeBotApi(TOKEN), FakeBotApi(TOKEN)
    await before.start(port)
    async with ExtBot(TOKEN, base_url=before.base_url, rate_limiter=RetryingRateLimiter(backoff=0.5)) as bot:
        await before.close()
        sending = asyncio.create_task(bot.send_message(AMINATA.id, "once"))
        retrying = Retrying()
        logging.getLogger("adapters.telegram.network").addHandler(retrying)
        try:
            await asyncio.wait_for(retrying.said.wait(), 5)
            await after.start(port)
            await asyncio.wait_for(sending, 5)
        finally:
            logging.getLogger("adapters.telegram.network").removeHandler(retrying)
            await after.close()
    assert after.sent_texts(AMINATA.id) == ["once"] and before.sent_texts(AMINATA.id) == []


async def test_a_message_telegram_failed_with_bad_gateway_is_not_sent_again(api: FakeBotApi,
                                                                            settings: Settings) -> None:
    """Telegram's front answered 502 for its server behind it, which may have sent it all the same. Before, it was
    sent again (tests/telegram/test_telegram_polls.py's test_a_network_failure_is_retried, which it replaces)."""
    api.fail_next("sendMessage", 502, "Bad Gateway")
    async with running_bot(settings) as engine:
        await api.command(AMINATA, "/progress")
        await api.wait_for("sendMessage", 1, for_chat(AMINATA.id))
        await api.settle()
    sorry = engine.localizer_for("fr")("Sorry, something went wrong. Please try again in a moment.")
    assert [call.ok for call in api.requests if call.method == "sendMessage"] == [False, True]
    assert api.sent_texts(AMINATA.id) == [sorry]


def quiz_update(update_id: int) -> dict[str, object]:
    return {"update_id": update_id, "message": {
        "message_id": update_id, "date": int(time.time()), "chat": {"id": AMINATA.id, "type": "private"},
        "from": AMINATA.json(), "text": "/quiz collectives",
        "entities": [{"type": "bot_command", "offset": 0, "length": 5}]}}


def vote_update(update_id: int, poll: Call, option: int) -> dict[str, object]:
    return {"update_id": update_id, "poll_answer": {"poll_id": poll_id(poll), "user": AMINATA.json(),
                                                    "option_ids": [option], "option_persistent_ids": [str(option)]}}


async def test_a_vote_whose_next_poll_telegram_answered_too_slowly_is_taken_as_handled(
        api: FakeBotApi, settings: Settings, reserve_port: Callable[[], int]) -> None:
    """Her vote is scored and her next poll most likely went out: before, she read "Sorry, something went wrong",
    and the webhook answered 503, so Telegram delivered the vote again, and each delivery could send that poll
    again (its link never stored: the bot never heard its id)."""
    webhook, url = in_webhook_mode(reserve_port(), settings)
    async with running_bot(webhook) as engine, aiohttp.ClientSession() as client:
        assert (await client.post(url, json=quiz_update(1), headers=SIGNED)).status == 200
        first = await next_poll(api, AMINATA.id, 1)
        slow = SlowOnce(api, "sendPoll")
        voted = await client.post(url, json=vote_update(2, first, correct(first)), headers=SIGNED)
        assert voted.status == 200  # Telegram won't deliver it again
        await api.settle(quiet=1.0)
        assert slow.arrived == 1 and len(api.polls(AMINATA.id)) == 2
        sorry = engine.localizer_for("fr")("Sorry, something went wrong. Please try again in a moment.")
        assert sorry not in api.sent_texts(AMINATA.id)  # her vote's feedback only: nothing to try again
        unlinked = api.polls(AMINATA.id)[1]
        again = await client.post(url, json=vote_update(3, unlinked, correct(unlinked)), headers=SIGNED)
        assert again.status == 200  # her vote on it: the bot lost track of that poll, and asks its question anew
        assert (await next_poll(api, AMINATA.id, 3)).params["question"] == unlinked.params["question"]
