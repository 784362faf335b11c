"""One group slow to take the bot's messages (its 20-a-minute queue is full, flood control holds a send, the
network is slow) holds up its own game only: every other group's next question still goes out on time."""

from __future__ import annotations

import asyncio
from datetime import timedelta
from typing import Any

from adapters.settings import Settings
from bot.games.rules import GRACE, RESULTS_SECONDS
from tests.fakes.clock import FixedClock
from tests.telegram.game_steps import begun, buttons_data, results_messages
from tests.telegram.telegram_fake_api import FakeBotApi, FakeChat, FakeUser
from tests.telegram.telegram_harness import AMINATA, GROUP, for_chat, next_poll, running_bot

ADA = FakeUser(301, "Ada", "en")
OTHER = FakeChat(-100600, "supergroup", "Other group")
GAMES = 0.02  # seconds between looks for game phases that are due
GUARD = 10.0  # seconds: only so that a stalled game fails the test instead of hanging it


async def test_a_group_slow_to_take_its_results_holds_up_no_other_groups_game(
        api: FakeBotApi, settings: Settings, clock: FixedClock) -> None:
    held, release = asyncio.Event(), asyncio.Event()

    async def slow_in_group(result: Any) -> None:
        if str(result["chat"]["id"]) == str(GROUP.id) and "Nobody answered" in (result.get("text") or ""):
            held.set()
            await release.wait()  # Telegram takes GROUP's results only when the test says so

    def other_results(params: dict[str, Any]) -> bool:
        return for_chat(OTHER.id)(params) and "reply_markup" in params and any(
            data.startswith("gx:") for data in buttons_data(params))

    async with running_bot(settings, clock, game_interval=GAMES):
        await begun(api, ADA, GROUP)
        await begun(api, AMINATA, OTHER)
        api.before_reply["sendMessage"] = slow_in_group
        clock.advance(timedelta(seconds=30) + GRACE + timedelta(seconds=1))  # both first questions close
        try:
            await asyncio.wait_for(held.wait(), GUARD)
            await api.wait_for("sendMessage", 1, other_results)
            clock.advance(timedelta(seconds=RESULTS_SECONDS + 1))  # both second questions are due
            await next_poll(api, OTHER.id, 2)  # asked while GROUP's results are still held
            assert not release.is_set() and not results_messages(api, GROUP)
        finally:
            release.set()  # (a failing test's bot stops without waiting on it)
        await next_poll(api, GROUP.id, 2)  # GROUP's game goes on once its results went out
        assert len(results_messages(api, GROUP)) == 1 and len(api.polls(GROUP.id)) == 2
