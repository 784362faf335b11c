"""A game vote that comes in while every handler slot is taken (32 updates under way, each waiting for its reply,
paced behind its group's messages a minute): everyone's results must not wait for a slot to free, and the vote,
cast in time, still counts once."""

from __future__ import annotations

import asyncio

from adapters.settings import Settings
from adapters.telegram.network import CONCURRENT_UPDATES
from tests.fakes.clock import FixedClock
from tests.telegram.game_steps import begun, results_messages, vote
from tests.telegram.telegram_fake_api import FakeBotApi, FakeChat, FakeUser
from tests.telegram.telegram_harness import AMINATA, GROUP, WANJIRU, ZAWADI, for_chat, running_bot
from tests.telegram.test_telegram_vote_behind_a_long_wait import PER_MINUTE, results
from tests.telegram.test_telegram_vote_queued_time import points_of, until_fetched

OTHER_GROUP = FakeChat(-100778, "supergroup", "A busy group")
ANSWERED = PER_MINUTE - 1  # the other group's replies that go at once; each after them waits 12 s for room
# Enough members' /leaderboard there that every slot is taken by one whose reply waits
MEMBERS = tuple(FakeUser(300 + index, f"Member {index}", "en") for index in range(ANSWERED + CONCURRENT_UPDATES))


async def every_slot_taken(api: FakeBotApi) -> None:
    for member in MEMBERS:
        await api.command(member, "/leaderboard", OTHER_GROUP)
    await api.wait_for("sendMessage", ANSWERED, for_chat(OTHER_GROUP.id))
    await until_fetched_command(api, MEMBERS[-1].id)
    await asyncio.sleep(0.2)  # the last of them reaches the processor


async def until_fetched_command(api: FakeBotApi, user_id: int) -> None:
    """Until PTB got a message of ``user_id``'s in a getUpdates answer."""
    for _wait in range(500):
        if any(call.method == "getUpdates" and call.ok and any(
                (update.get("message") or {}).get("from", {}).get("id") == user_id for update in call.result or [])
               for call in api.requests):
            return
        await asyncio.sleep(0.02)
    raise AssertionError(f"no message of user {user_id} was fetched")


async def test_everyones_results_come_though_every_handler_slot_is_taken(
        api: FakeBotApi, settings: Settings, clock: FixedClock) -> None:
    """Before: each vote waited for a free slot, which the paced replies held for minutes: no results meanwhile."""
    async with running_bot(settings, clock, game_interval=0.02, group_per_minute=PER_MINUTE):
        _game_id, poll = await begun(api, WANJIRU, GROUP, players=(AMINATA,))
        await every_slot_taken(api)
        await vote(api, poll, ZAWADI, right=True)  # a newcomer's, whose check comes first
        await until_fetched(api, ZAWADI.id)
        for player in (WANJIRU, AMINATA):
            await vote(api, poll, player, right=True)
        assert "Zawadi — pointi 150" in await results(api)  # cast first, in time: counted
        assert len(results_messages(api, GROUP)) == 1
        assert points_of(settings, ZAWADI.id) == (150, 0)
        assert points_of(settings, AMINATA.id)[0] > 0
        assert not api.sent_texts(ZAWADI.id)  # nothing to tell her: her vote counted
