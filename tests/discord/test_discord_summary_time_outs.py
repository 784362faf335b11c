"""On Discord, a question whose time ran out has its own mark in the end-of-quiz summary, not a skip's, and a tally
under the score counts each outcome beside its mark, adding up to the quiz's questions."""

from __future__ import annotations

from datetime import timedelta

import pytest

from adapters.settings import Settings
from tests.discord.fake_discord import FakeDiscord
from tests.discord.harness import running_bot
from tests.discord.payloads import OWNER_ID
from tests.discord.support import next_poll, vote_for
from tests.fakes.clock import FixedClock

LIMIT = 30
FAST = 0.02  # seconds between sweeps


@pytest.fixture
def timed(settings: Settings) -> Settings:
    return settings.model_copy(update={"question_seconds": LIMIT})


async def summary_after_a_time_out_a_skip_and_a_right_answer(timed: Settings, fake: FakeDiscord, clock: FixedClock,
                                                             locale: str) -> str:
    async with running_bot(timed, fake, clock, sweep_interval=FAST) as bot:
        await fake.slash("quiz", {"quiz": "collectives"}, locale=locale)
        await next_poll(fake, bot)
        mark = len(fake.calls)
        clock.advance(timedelta(seconds=LIMIT))  # question 1 times out
        await next_poll(fake, bot, after=mark)
        mark = len(fake.calls)
        await fake.slash("skip", locale=locale)
        third = await next_poll(fake, bot, after=mark)
        await vote_for(fake, third, "NVLink", OWNER_ID)
        summary = await fake.wait_until(lambda: next((c for c in fake.channel_messages() if "🏁" in c.content), None))
    return str(summary.content)


async def test_the_summary_marks_a_time_out_apart_from_a_skip_and_tallies_each(
        timed: Settings, fake: FakeDiscord, clock: FixedClock) -> None:
    text = await summary_after_a_time_out_a_skip_and_a_right_answer(timed, fake, clock, "en-US")
    lines = text.splitlines()
    assert lines[1:3] == ["You scored 1 out of 3 questions.", "✅ 1 right · ➖ 1 skipped · ⌛ 1 timed out"], text
    assert [line[0] for line in lines[3:6]] == ["⌛", "➖", "✅"], text


async def test_the_tally_is_in_the_learners_language(timed: Settings, fake: FakeDiscord, clock: FixedClock) -> None:
    text = await summary_after_a_time_out_a_skip_and_a_right_answer(timed, fake, clock, "fr")
    assert "✅ 1 bonne réponse · ➖ 1 question passée · ⌛ 1 question hors délai" in text.splitlines(), text
