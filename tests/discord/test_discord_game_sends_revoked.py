"""A group game whose channel stops taking the bot's messages mid-game (an admin took Send Messages there): the
last awaited answer comes, its results are refused, and nobody in the channel can read that the game stopped. The
game ends (a new one can start there once the right is back) and its starter is told why by direct message, once,
in their language; with their DMs closed too, it is logged."""

from __future__ import annotations

import logging
from datetime import timedelta

import pytest

from adapters.settings import Settings
from bot.games.rules import GRACE, QUESTION_SECONDS
from tests.discord.fake_discord import FakeDiscord
from tests.discord.game_steps import a_new_lobby_opens, answer_button, click, open_and_begin, question
from tests.discord.harness import LEARNER_ID, OTHER_ID, running_bot
from tests.discord.payloads import CHANNEL_ID
from tests.fakes.clock import FixedClock

GAMES = 0.02  # seconds between game sweeps


async def test_a_game_whose_channel_lost_send_messages_ends_and_its_starter_is_told_by_dm_once(
        fake: FakeDiscord, settings: Settings, clock: FixedClock, caplog: pytest.LogCaptureFixture) -> None:
    async with running_bot(settings, fake, clock, game_interval=GAMES):
        _, first = await open_and_begin(fake, OTHER_ID, (LEARNER_ID,))
        asked = await question(fake, 1)
        fake.forbidden_channels.add(CHANNEL_ID)  # an admin takes Send Messages away mid-game
        mark = len(fake.calls)
        await click(fake, first, answer_button(asked, 0), LEARNER_ID)
        await click(fake, first, answer_button(asked, 1), OTHER_ID)
        clock.advance(timedelta(seconds=QUESTION_SECONDS) + GRACE)  # the next question is due: refused there
        told = await fake.wait_until(lambda: next(iter(fake.direct_messages(OTHER_ID, after=mark)), None))
        assert told.content.startswith(f"<#{CHANNEL_ID}> · Game stopped: Collectives"), told.content
        assert "“Send Messages”" in told.content, told.content
        await fake.quiet()
        assert fake.direct_messages(OTHER_ID, after=mark) == [told]
        assert not fake.direct_messages(LEARNER_ID, after=mark)  # the starter's to tell, not every player
        fake.forbidden_channels.clear()
        await a_new_lobby_opens(fake, OTHER_ID)  # the game ended: none is "running" there
    assert not [record for record in caplog.records if record.levelno >= logging.ERROR]


async def test_with_the_starters_dms_closed_too_it_is_logged_and_the_game_ends(
        fake: FakeDiscord, settings: Settings, clock: FixedClock, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO, logger="adapters.discord")
    async with running_bot(settings, fake, clock, game_interval=GAMES):
        _, first = await open_and_begin(fake, OTHER_ID, (LEARNER_ID,))
        asked = await question(fake, 1)
        fake.forbidden_channels.add(CHANNEL_ID)
        fake.closed_dms.add(OTHER_ID)
        await click(fake, first, answer_button(asked, 0), LEARNER_ID)
        await click(fake, first, answer_button(asked, 1), OTHER_ID)
        clock.advance(timedelta(seconds=QUESTION_SECONDS) + GRACE)
        await fake.wait_until(lambda: any("by direct message why channel" in record.getMessage()
                                          for record in caplog.records))
        fake.forbidden_channels.clear()
        await a_new_lobby_opens(fake, OTHER_ID)
    assert not [record for record in caplog.records if record.levelno >= logging.ERROR]
