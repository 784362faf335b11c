"""After a wrong vote or click, why that choice is wrong comes first, then the explanation."""

from __future__ import annotations

from pathlib import Path

import pytest

from adapters.settings import Settings
from tests.discord.fake_discord import FakeDiscord
from tests.discord.harness import LEARNER_ID, running_bot
from tests.discord.payloads import OWNER_ID
from tests.discord.support import button_for, buttons, message_id, next_poll, reply_to, vote_for
from tests.support.content import BROADCAST_WHY_NOT, give_broadcast_a_why_not


@pytest.fixture
def with_why_not(content_dir: Path) -> None:
    give_broadcast_a_why_not(content_dir)


async def test_a_wrong_vote_replies_why_that_option_is_wrong_before_the_explanation(
        with_why_not: None, settings: Settings, fake: FakeDiscord) -> None:
    async with running_bot(settings, fake) as bot:
        await fake.slash("quiz", {"quiz": "collectives"})
        poll = await next_poll(fake, bot)
        mark = len(fake.calls)
        await vote_for(fake, poll, "Broadcast", OWNER_ID)
        reply = (await reply_to(fake, poll, after=mark)).content.split("\n")
    assert reply[0] == f"<@{OWNER_ID}> ❌ **Not quite.**"
    assert reply[1] == f"*{BROADCAST_WHY_NOT['en']}*"
    assert reply[2] == "The answer: All-reduce" and reply[3].startswith("All-reduce sums across ranks")


async def test_a_wrong_click_in_private_play_shows_why_that_option_is_wrong_first(
        with_why_not: None, settings: Settings, fake: FakeDiscord) -> None:
    async with running_bot(settings, fake):
        started = await fake.slash("quiz", {"quiz": "collectives", "private": True}, user_id=LEARNER_ID,
                                   locale="fr")
        shown = await fake.wait_until(lambda: next((c for c in fake.answers(started) if buttons(c)), None))
        click = await fake.click(message_id(shown), button_for(shown, "Diffusion (broadcast)"), user_id=LEARNER_ID,
                                 locale="fr")
        feedback = await fake.wait_until(lambda: next((c for c in fake.answers(click) if "❌" in c.content), None))
    assert feedback.content.split("\n")[1] == f"*{BROADCAST_WHY_NOT['fr']}*"
