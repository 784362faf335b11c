"""A question asked twice by two replicas (tests/telegram/test_telegram_game_replicas_held_send.py): the replica
whose poll came second takes it away, in a task of its own. When that poll goes out while its replica is stopping,
its game sweeper already stopped, the stop must still let the deletion end before the bot's connection closes."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable
from datetime import timedelta
from typing import Any

import aiohttp

from adapters.settings import Settings
from bot.games.rules import GRACE
from tests.fakes.clock import FixedClock
from tests.telegram.telegram_fake_api import FakeBotApi
from tests.telegram.telegram_harness import GROUP, for_chat, in_webhook_mode, running_bot
from tests.telegram.test_telegram_game_replicas import ADA, GAMES, Replicas, opened
from tests.telegram.test_telegram_game_replicas_held_send import LETTERED

DELETE_TAKES = 0.5  # seconds Telegram takes to answer a deleteMessage: longer than a stop takes to close up


async def stopped_listening(url: str, client: aiohttp.ClientSession) -> None:
    """Until the replica's webhook takes no connection: its sweepers are stopped, its adapter is stopping."""
    while True:
        try:
            async with client.get(url):
                pass
        except aiohttp.ClientConnectionError:
            return
        await asyncio.sleep(0.02)


async def test_a_poll_asked_twice_that_goes_out_while_its_replica_stops_is_taken_away_all_the_same(
        api: FakeBotApi, shared: Settings, reserve_port: Callable[[], int]) -> None:
    clock = FixedClock()
    first, first_url = in_webhook_mode(reserve_port(), shared)
    second, second_url = in_webhook_mode(reserve_port(), shared)
    held, release = asyncio.Event(), asyncio.Event()

    async def hold_the_first_poll(_result: Any) -> None:
        if not held.is_set():
            held.set()
            await release.wait()

    async def slow_delete(_result: Any) -> None:
        await asyncio.sleep(DELETE_TAKES)

    async with running_bot(second, clock, game_interval=GAMES), aiohttp.ClientSession() as client:
        replicas = Replicas([first_url, second_url], client)
        async with contextlib.AsyncExitStack() as first_replica:
            # Its game sweeper looks once, at its start: a look of its own would wait on the game the press holds.
            await first_replica.enter_async_context(running_bot(first, clock))
            game_id = await opened(replicas, api, "long-options")
            api.before_reply["sendPoll"] = hold_the_first_poll
            api.before_reply["deleteMessage"] = slow_delete
            started = asyncio.create_task(replicas.post(0, replicas.press(ADA, f"gb:{game_id}", GROUP)))
            await held.wait()  # the first replica's poll is on its way
            clock.advance(timedelta(seconds=30) + GRACE)  # its time is up: the second replica's sweep asks it again
            await api.wait_for("sendPoll", 1, for_chat(GROUP.id))
            stopping = asyncio.create_task(first_replica.aclose())
            await stopped_listening(first_url, client)
            release.set()  # the first replica's poll goes out now, its sweeper stopped: a second one, to take away
            await stopping
            await started
        polls = api.polls(GROUP.id)
        assert len(polls) == 2
        deleted = {call.params["message_id"] for call in api.calls("deleteMessage", for_chat(GROUP.id))}
        assert len([poll for poll in polls if str(poll.result["message_id"]) not in deleted]) == 1
        lettered = [call for call in api.calls("sendMessage", for_chat(GROUP.id)) if LETTERED in call.params["text"]]
        shown = [call.params["text"] for call in lettered if str(call.result["message_id"]) not in deleted]
        assert len(lettered) == 2 and len(shown) == 1, shown
