"""A replica starting up closes the questions every player answered whose close a process put off for a vote still
coming in and stopped before it came (that close was in its memory alone). A close put off in a replica still
running is not among them: its vote (a newcomer's, whose membership is being checked) is on its way, and counts."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

import aiohttp

from adapters.settings import Settings
from tests.fakes.clock import FixedClock
from tests.telegram.game_steps import results_messages
from tests.telegram.telegram_fake_api import FakeBotApi
from tests.telegram.telegram_harness import (
    AMINATA,
    GROUP,
    WANJIRU,
    ZAWADI,
    correct,
    in_webhook_mode,
    next_poll,
    running_bot,
)
from tests.telegram.test_telegram_game_replicas import ADA, GAMES, Replicas, opened


async def test_a_replica_starting_up_leaves_a_close_put_off_for_a_vote_checked_on_another(
        api: FakeBotApi, shared: Settings, reserve_port: Callable[[], int]) -> None:
    """Before: the second replica's first sweep closed the question while Zawadi's membership was being checked on
    the first, which then refused her vote, cast before the players', as "This question is closed."."""
    clock = FixedClock()
    checking, checked = asyncio.Event(), asyncio.Event()

    async def held(_result: Any) -> None:
        checking.set()
        await checked.wait()
    first, first_url = in_webhook_mode(reserve_port(), shared)
    second, _second_url = in_webhook_mode(reserve_port(), shared)
    async with running_bot(first, clock, game_interval=GAMES), aiohttp.ClientSession() as client:
        replicas = Replicas([first_url, first_url], client)  # every update to the first replica
        game_id = await opened(replicas, api)
        await replicas.post(0, replicas.press(ADA, f"gb:{game_id}", GROUP))
        poll = await next_poll(api, GROUP.id, 1)
        await api.settle(quiet=0.3)
        api.knows(ZAWADI)  # a member of the group, not a player yet
        api.before_reply["getChatMember"] = held
        # The webhook answers once the update is handled: her vote's answer waits for its check
        hers = asyncio.create_task(replicas.post(0, replicas.vote(ZAWADI, poll, correct(poll))))
        await checking.wait()
        for player in (ADA, AMINATA, WANJIRU):  # every player answers: the close waits for her vote
            await replicas.post(0, replicas.vote(player, poll, correct(poll)))
        await api.settle(quiet=0.3)
        assert not results_messages(api, GROUP)  # put off for Zawadi's vote
        try:
            async with running_bot(second, clock, game_interval=GAMES):
                await api.settle(quiet=0.5)  # its first sweeps
                closed_early = bool(results_messages(api, GROUP))
        finally:
            del api.before_reply["getChatMember"]
            checked.set()
        await hers
        assert not closed_early
        [results] = await api.wait_for("sendMessage", 1, lambda p: "gx:" in str(p.get("reply_markup")))
        await api.settle(quiet=0.3)
        assert "Zawadi — 150 points" in results.params["text"], results.params["text"]
        assert len(results_messages(api, GROUP)) == 1
        assert not api.sent_texts(ZAWADI.id)  # her vote counted: nothing to tell her

