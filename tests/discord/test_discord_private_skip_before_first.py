"""A /skip sent after `/quiz private:True` was deferred ("thinking…") but before its first question appeared: the
question shown by editing that placeholder was remembered by the placeholder's id, which dates from the defer, so
the /skip looked sent after the question and skipped question 1, which the learner had not seen yet. It is now
taken for one sent before it (a skip meant for what was on screen then), as a /skip tapped twice is: by the edit's
time, or the bot's clock when it came back where Discord leaves the edit unstamped."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import pytest

from adapters.settings import Settings
from tests.discord.endpoints import serving
from tests.discord.fake_discord import FakeDiscord
from tests.discord.harness import LEARNER_ID, RunningBot
from tests.discord.support import buttons
from tests.support.write_lock import writes_held

NOT_OPEN = "That question is no longer open."


class UnstampedFake(FakeDiscord):
    """As Discord may answer the edit that fills in a deferred reply: the message with no edited_timestamp."""

    def _edit(self, message_id: int, body: dict[str, Any]) -> dict[str, Any]:
        message = super()._edit(message_id, body)
        message["edited_timestamp"] = None
        return message


@pytest.fixture(params=["stamped", "unstamped"])
async def fake(request: pytest.FixtureRequest) -> AsyncIterator[FakeDiscord]:
    async with serving(FakeDiscord() if request.param == "stamped" else UnstampedFake()) as server:
        yield server


async def test_a_skip_sent_before_the_first_private_question_appeared_skips_nothing(
        bot: RunningBot, fake: FakeDiscord, settings: Settings) -> None:
    async with writes_held(settings):  # the quiz waits for the database, its "thinking…" placeholder shown
        started = await fake.slash("quiz", {"quiz": "collectives", "private": True}, user_id=LEARNER_ID)
        await fake.wait_until(lambda: fake.interaction_calls(started))
        skip = await fake.slash("skip", {"private": True}, user_id=LEARNER_ID)  # waits for the quiz's turn
        await fake.wait_until(lambda: fake.interaction_calls(skip))
    first = await fake.wait_until(lambda: next((c for c in fake.answers(started) if buttons(c)), None))
    assert "**Question 1 of 3**" in first.content, first.content
    await fake.wait_until(lambda: fake.answers(skip))
    await fake.quiet()
    # Before: "Question 1 skipped." and the second question, question 1 never seen.
    assert [c.content for c in fake.answers(skip)] == [NOT_OPEN]

    # Sent once that question is on screen, a /skip skips it.
    again = await fake.slash("skip", {"private": True}, user_id=LEARNER_ID)
    await fake.wait_until(lambda: next((c for c in fake.answers(again) if buttons(c)), None))
    assert fake.answers(again)[0].content == "Question 1 skipped."
