"""A vote on a game poll this process doesn't remember (sent before a restart, or by another webhook replica) is
found by its stored link at once: it doesn't wait for game polls being sent meanwhile, which may be another
group's, held back by flood control (the wait, and its answer time with it, would cost the voter speed points)."""

from __future__ import annotations

import asyncio
from typing import Any

from adapters.settings import Settings
from tests.telegram.game_steps import begun, lobby, vote
from tests.telegram.telegram_fake_api import FakeBotApi, FakeChat, FakeUser
from tests.telegram.telegram_harness import AMINATA, GROUP, WANJIRU, running_bot

ADA = FakeUser(301, "Ada", "en")
OTHER = FakeChat(-100600, "supergroup", "Other group")
GAMES = 0.02  # seconds between looks for game phases that are due


async def test_a_vote_on_a_poll_from_before_a_restart_is_scored_while_another_groups_poll_is_held_back(
        api: FakeBotApi, settings: Settings) -> None:
    async with running_bot(settings, game_interval=GAMES):
        _game, first = await begun(api, ADA, GROUP, (AMINATA,))
        await vote(api, first, ADA, right=True)
        await api.settle()

    held, release = asyncio.Event(), asyncio.Event()

    async def hold_other_groups_poll(result: Any) -> None:
        if result["chat"]["id"] == OTHER.id:
            held.set()
            await release.wait()

    async with running_bot(settings, game_interval=GAMES):  # restarted: GROUP's poll is in the database only
        await api.command(WANJIRU, "/game collectives", OTHER)
        _lobby, other_game = await lobby(api, OTHER)
        api.before_reply["sendPoll"] = hold_other_groups_poll
        await api.press(WANJIRU, f"gb:{other_game}", OTHER)
        await asyncio.wait_for(held.wait(), 10)
        try:
            await vote(api, first, AMINATA, right=True)  # the last answer GROUP waits for: its results follow
            results = await api.wait_for("sendMessage", 1, lambda p: p["chat_id"] == str(GROUP.id)
                                         and "reply_markup" in p and "gx:" in str(p["reply_markup"]), within=5)
        finally:
            release.set()
        assert results and not api.calls("sendPoll", lambda p: p["chat_id"] == str(OTHER.id))  # still held then
