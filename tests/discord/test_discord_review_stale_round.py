"""A review round left on Discord days ago, with nothing to ask today: /review ends it, and its poll is ended too."""

from __future__ import annotations

from datetime import timedelta

from adapters.settings import Settings
from tests.discord.fake_discord import FakeDiscord
from tests.discord.game_steps import lobby_with_a_player
from tests.discord.harness import LEARNER_ID
from tests.discord.support import first_answer, message_id, next_poll, poll_question
from tests.discord.test_discord_review import bot_at, play_with_a_wrong_second_answer
from tests.fakes.clock import FixedClock

DAY = timedelta(days=1)


async def test_review_with_all_that_is_due_held_by_a_game_ends_the_poll_of_a_round_left_days_ago(
        settings: Settings, fake: FakeDiscord, clock: FixedClock) -> None:
    """Before: the old round's poll stayed open, a vote there answered "That question is no longer open."."""
    async with bot_at(settings, fake, clock) as bot:
        await play_with_a_wrong_second_answer(fake, bot, LEARNER_ID)
        clock.advance(DAY)
        mark = len(fake.calls)
        await fake.slash("review", user_id=LEARNER_ID)
        left = await next_poll(fake, bot, after=mark)
        assert poll_question(left).startswith("1/1 · ")
        ended = f"/polls/{message_id(left)}/expire"

        clock.advance(DAY)
        await lobby_with_a_player(fake)  # the learner joins a game of collectives: what is due waits for it
        assert not any(call.path.endswith(ended) for call in fake.calls)
        asked = await fake.slash("review", user_id=LEARNER_ID)
        said = (await fake.wait_until(first_answer(fake, asked))).content
        assert said.startswith("You're playing Collectives in a group game right now"), said
        await fake.wait_until(lambda: any(call.path.endswith(ended) for call in fake.calls))
