"""A group game whose channel (or thread) is deleted mid-game: it ends there, rather than running on unseen."""

from __future__ import annotations

import logging
from datetime import timedelta

import pytest

from adapters.settings import Settings
from bot.games.rules import GRACE, QUESTION_SECONDS
from tests.discord.fake_discord import FakeDiscord
from tests.discord.game_steps import taken_away_mid_question
from tests.discord.harness import LEARNER_ID, running_bot
from tests.discord.support import first_answer
from tests.fakes.clock import FixedClock

GAMES = 0.02  # seconds between looks for game phases that are due


async def test_a_game_whose_channel_was_deleted_ends_and_frees_its_players_own_rounds(
        fake: FakeDiscord, settings: Settings, clock: FixedClock, caplog: pytest.LogCaptureFixture) -> None:
    async with running_bot(settings, fake, clock, game_interval=GAMES):
        # A moderator deletes the channel (or the thread) mid-question.
        _first, channel_id = await taken_away_mid_question(fake, fake.deleted_channels)
        clock.advance(timedelta(seconds=QUESTION_SECONDS) + GRACE)  # its results can't be shown any more
        await fake.wait_until(lambda: any(c.status == 404 and c.path.startswith(f"/channels/{channel_id}/")
                                          for c in fake.calls))
        await fake.quiet(0.3)

        # The learner plays the game's quiz on their own, in their DMs with the bot: no game holds it any more.
        dm = fake.dm_channel(LEARNER_ID)
        token = await fake.slash("quiz", {"quiz": "collectives", "private": True}, user_id=LEARNER_ID, dm=True,
                                 channel_id=dm)
        answer = await fake.wait_until(first_answer(fake, token))
        assert "group game" not in answer.content
        assert "1/" in answer.content or "Question 1" in answer.content
    assert not [record for record in caplog.records if record.levelno >= logging.ERROR]
