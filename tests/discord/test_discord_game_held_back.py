"""A group game in a channel where Discord holds the bot's messages back for minutes (a long 429, which discord.py
raises as RateLimited rather than wait out): the game stops, saying why, so the channel is free for a new one once
Discord lets messages through. Before, /game start answered "Sorry, something went wrong" with an error logged,
and left a game open in a lobby nobody saw, refusing every new game there."""

from __future__ import annotations

import logging

import pytest

from adapters.settings import Settings
from tests.discord.fake_discord import FakeDiscord
from tests.discord.game_steps import PLAYER_PERMISSIONS, a_new_lobby_opens, click, lobby
from tests.discord.harness import OTHER_ID, running_bot
from tests.discord.payloads import CHANNEL_ID
from tests.discord.support import first_answer, message_id
from tests.fakes.clock import FixedClock

GAMES = 0.02  # seconds between looks for game phases that are due
HELD_BACK = 600.0  # seconds Discord asks the bot to wait before its next message in the channel
SAID = ("I can't post the game's messages in this chat for now: my messages here are being held back. Start a new "
        "game later.")


def errors(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [record.getMessage() for record in caplog.records if record.levelno >= logging.ERROR]


async def test_a_lobby_held_back_says_so_and_leaves_no_game_in_the_way(
        fake: FakeDiscord, settings: Settings, clock: FixedClock, caplog: pytest.LogCaptureFixture) -> None:
    async with running_bot(settings, fake, clock, game_interval=GAMES):
        fake.write_limits.channels[CHANNEL_ID] = HELD_BACK
        started = await fake.slash("game", {"quiz": "collectives"}, subcommand="start", user_id=OTHER_ID,
                                   member_permissions=PLAYER_PERMISSIONS)
        assert (await fake.wait_until(first_answer(fake, started))).content == SAID

        del fake.write_limits.channels[CHANNEL_ID]  # Discord lets messages through again
        await a_new_lobby_opens(fake, OTHER_ID)
    assert errors(caplog) == []
    assert "stopped: its chat refused a message (held back)" in caplog.text


async def test_a_question_held_back_stops_the_game_and_tells_who_began_it(
        fake: FakeDiscord, settings: Settings, clock: FixedClock, caplog: pytest.LogCaptureFixture) -> None:
    async with running_bot(settings, fake, clock, game_interval=GAMES):
        started = await fake.slash("game", {"quiz": "collectives"}, subcommand="start", user_id=OTHER_ID,
                                   member_permissions=PLAYER_PERMISSIONS)
        await fake.wait_until(first_answer(fake, started))
        lobby_call, game_id = await lobby(fake)

        fake.write_limits.channels[CHANNEL_ID] = HELD_BACK
        assert await click(fake, message_id(lobby_call), f"qt:gb:{game_id}", OTHER_ID) == SAID

        del fake.write_limits.channels[CHANNEL_ID]
        await a_new_lobby_opens(fake, OTHER_ID)
    assert errors(caplog) == []
    assert "stopped: its chat refused a message (held back)" in caplog.text
