"""A group game in a thread (a forum post) that a moderator closes and locks mid-game: Discord answers the bot's
messages there 400 "Thread is archived". The game ends, rather than running on unseen to its end."""

from __future__ import annotations

import logging
from datetime import timedelta

import pytest

from adapters.settings import Settings
from bot.games.rules import GRACE, QUESTION_SECONDS
from tests.discord.fake_discord import FakeDiscord
from tests.discord.game_steps import a_new_lobby_opens, assert_free, two_player_game
from tests.discord.harness import OTHER_ID, running_bot
from tests.fakes.clock import FixedClock

GAMES = 0.02  # seconds between looks for game phases that are due


async def test_a_game_whose_thread_was_locked_ends_and_frees_its_players_and_the_channel(
        fake: FakeDiscord, settings: Settings, clock: FixedClock, caplog: pytest.LogCaptureFixture) -> None:
    async with running_bot(settings, fake, clock, game_interval=GAMES):
        _lobby_call, _game_id, first = await two_player_game(fake)
        await fake.quiet(0.2)  # its message kept: the question's clock starts as it appears
        channel_id = int(first.path.split("/")[2])
        fake.locked_threads.add(channel_id)  # a moderator closes and locks the post mid-question
        clock.advance(timedelta(seconds=QUESTION_SECONDS) + GRACE)  # its results can't be shown
        await fake.wait_until(lambda: any(c.status == 400 and c.path == f"/channels/{channel_id}/messages"
                                          for c in fake.calls))
        await fake.quiet(0.3)
        clock.advance(timedelta(minutes=5))  # however long the rest of the game would have taken
        await fake.quiet(0.3)
        tried = [c for c in fake.calls if c.method == "POST" and c.path == f"/channels/{channel_id}/messages"
                 and c.status == 400]
        assert len(tried) <= 2  # the results, then the podium saying why: no question 2, 3... sent unseen

        await assert_free(fake)  # the learner plays the game's quiz on their own: no game holds it any more
        fake.locked_threads.clear()  # a moderator opens the post again: a new game starts there at once
        await a_new_lobby_opens(fake, OTHER_ID)
    assert not [record for record in caplog.records if record.levelno >= logging.ERROR]
