"""How long a question's poll stays open with the default settings: until the bot ends it (an answer, a time-out,
/stop, another quiz), as far as Discord allows, so a learner who comes back later still answers on it.

The fake Discord closes a poll once its duration has passed (``let_hours_pass``), as Discord does, and then takes
no vote on it, as a Discord client offers none."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from adapters.discord.spec import DiscordSettings
from adapters.settings import Settings
from tests.discord.fake_discord import FakeDiscord
from tests.discord.game_steps import open_and_begin
from tests.discord.harness import ADMIN_ID, OTHER_ID, RunningBot, running_bot
from tests.discord.payloads import ALL_PERMISSIONS, OWNER_ID, TOKEN
from tests.discord.support import next_poll, poll_question, reply_to, vote_for
from tests.fakes.clock import FixedClock

DISCORDS_LONGEST = 768  # hours: 32 days


def defaults(tmp_path: Path, content_dir: Path, question_seconds: int = 0) -> Settings:
    """QUIZ_DISCORD_POLL_HOURS unset (the shared fixture sets it)."""
    discord = DiscordSettings(token=TOKEN, admins=frozenset({str(ADMIN_ID)}))
    return Settings(data_dir=tmp_path / "data", content_dir=content_dir, platforms={"discord": discord},
                    question_seconds=question_seconds)


@pytest.fixture
async def untimed_bot(tmp_path: Path, content_dir: Path, fake: FakeDiscord) -> AsyncIterator[RunningBot]:
    async with running_bot(defaults(tmp_path, content_dir), fake) as running:
        yield running


@pytest.fixture
async def timed_bot(tmp_path: Path, content_dir: Path, fake: FakeDiscord,
                    clock: FixedClock) -> AsyncIterator[RunningBot]:
    async with running_bot(defaults(tmp_path, content_dir, question_seconds=30), fake, clock,
                           sweep_interval=0.02) as running:
        yield running


async def test_a_learner_back_the_next_day_answers_the_question_without_a_time_limit_on_its_poll(
        untimed_bot: RunningBot, fake: FakeDiscord) -> None:
    await fake.slash("quiz", {"quiz": "collectives"})
    first = await next_poll(fake, untimed_bot)

    fake.let_hours_pass(25)  # a poll of an hour would have closed, and the learner been told nothing
    mark = len(fake.calls)
    await vote_for(fake, first, "All-reduce", OWNER_ID)
    feedback = await reply_to(fake, first, after=mark)
    assert "Correct!" in feedback.content
    assert poll_question(await next_poll(fake, untimed_bot, after=mark)).startswith("2/3 · ")
    assert first.body["poll"]["duration"] == DISCORDS_LONGEST  # as long as Discord allows


async def test_a_timed_question_whose_clock_a_group_game_stopped_still_takes_its_vote_hours_later(
        timed_bot: RunningBot, fake: FakeDiscord) -> None:
    """The poll is kept through the game, its clock stopped (game_surface.set_aside): it waits as a question
    without a time limit does, so its poll must not close after the hour its own 30 seconds needed."""
    await fake.slash("quiz", {"quiz": "collectives"})
    solo = await next_poll(fake, timed_bot)
    await open_and_begin(fake, OTHER_ID, (OWNER_ID,))
    await fake.slash("game", subcommand="stop", user_id=ADMIN_ID, member_permissions=ALL_PERMISSIONS)
    await fake.wait_until(lambda: next((c for c in fake.channel_messages() if "Game stopped" in c.content), None))

    fake.let_hours_pass(3)  # the learner comes back to their own round later
    mark = len(fake.calls)
    await vote_for(fake, solo, "All-reduce", OWNER_ID)
    feedback = await reply_to(fake, solo, after=mark)
    assert "Correct!" in feedback.content
