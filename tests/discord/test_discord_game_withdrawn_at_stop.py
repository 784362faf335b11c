"""A game question asked twice by two processes (tests/discord/test_discord_game_asked_twice.py): the process whose
message came second deletes it, in a task of its own. When that message goes up while its process is stopping, its
game sweeper stopped already, the stop must still let the delete end before the client closes."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from datetime import timedelta

import pytest

from adapters.settings import Settings
from bot.games.rules import GRACE, QUESTION_SECONDS
from tests.discord.fake_discord import Call, FakeDiscord
from tests.discord.game_steps import PLAYER_PERMISSIONS, lobby_with_a_player, with_buttons
from tests.discord.harness import OTHER_ID, running_bot, sharded
from tests.discord.support import message_id
from tests.discord.test_discord_game_asked_twice import Held, a_delete, a_question
from tests.fakes.clock import FixedClock

DELETE_TAKES = 0.5  # seconds Discord takes to answer a DELETE: longer than a client takes to close


async def test_a_question_asked_twice_whose_message_goes_up_while_its_process_stops_is_deleted_all_the_same(
        settings: Settings, fake: FakeDiscord, clock: FixedClock, caplog: pytest.LogCaptureFixture) -> None:
    held_ask = Held(a_question)

    async def before(call: Call) -> None:
        if not await held_ask.hold(call) and a_delete(call):
            await asyncio.sleep(DELETE_TAKES)
    fake.before_call = before
    caplog.set_level(logging.INFO, "adapters.discord.stopping")
    # The second process, shard 1's, sweeps every game; the server is on shard 0, the first's, whose own game
    # sweeper looks once, at its start (a look of its own would wait on the game its click holds).
    async with running_bot(sharded(settings, 2, (1,)), fake, clock, game_interval=0.02):
        async with contextlib.AsyncExitStack() as first:
            await first.enter_async_context(running_bot(sharded(settings, 2, (0,)), fake, clock))
            lobby_call, game_id = await lobby_with_a_player(fake)
            await fake.click(message_id(lobby_call), f"qt:gb:{game_id}", user_id=OTHER_ID,
                             member_permissions=PLAYER_PERMISSIONS)
            await asyncio.wait_for(held_ask.reached.wait(), 5)  # its question's message, on its way
            clock.advance(timedelta(seconds=QUESTION_SECONDS) + GRACE)  # its time is up, and no message was kept
            await fake.wait_until(lambda: with_buttons(fake, "qt:ga:"))  # asked again by the second's sweep
            stopping = asyncio.create_task(first.aclose())
            # Its sweepers stopped: its client now waits for the click under way, the message held in it.
            await fake.wait_until(lambda: "new Discord handlers refused" in caplog.text)
            held_ask.released.set()
            await stopping
        asked = with_buttons(fake, "qt:ga:")
        assert len(asked) == 2
        assert len(fake.deleted_messages()) == 1 and fake.deleted_messages()[0] in map(message_id, asked)
