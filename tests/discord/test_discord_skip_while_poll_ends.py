"""A poll quiz resumed privately (/quiz private:True), then /skip, whose turn comes while the old poll is still being
ended (Discord slow to answer, or holding the request back for a rate limit): the old poll, not yet marked taken
away, was taken for the way the skipped question was asked, and the next question went out as a poll in the channel,
though the learner plays privately."""

from __future__ import annotations

import asyncio
import re
from collections.abc import AsyncIterator
from dataclasses import dataclass, field

import pytest
from aiohttp import web

from tests.discord.endpoints import serving
from tests.discord.fake_discord import FakeDiscord
from tests.discord.harness import LEARNER_ID, RunningBot
from tests.discord.payloads import EPHEMERAL
from tests.discord.support import buttons, first_answer, next_poll, poll_question


@dataclass
class SlowEndingFake(FakeDiscord):
    """As Discord, but a request to end a poll is answered only once ``ending`` is set, while ``hold`` is."""

    hold: bool = False
    held: bool = False  # a request to end a poll waits
    ending: asyncio.Event = field(default_factory=asyncio.Event)

    async def _rest(self, request: web.Request) -> web.Response:
        if self.hold and re.fullmatch(r"/channels/\d+/polls/\d+/expire", "/" + request.match_info["tail"]):
            self.held = True
            await self.ending.wait()
        return await super()._rest(request)


@pytest.fixture
async def fake() -> AsyncIterator[SlowEndingFake]:
    async with serving(SlowEndingFake()) as server:
        yield server


async def test_a_skip_while_the_old_poll_is_being_ended_goes_on_privately(bot: RunningBot,
                                                                         fake: SlowEndingFake) -> None:
    await fake.slash("quiz", {"quiz": "collectives"}, user_id=LEARNER_ID)
    await next_poll(fake, bot)
    mark = len(fake.calls)
    fake.hold = True
    resumed = await fake.slash("quiz", {"private": True}, user_id=LEARNER_ID)
    await fake.wait_until(lambda: next((c for c in fake.answers(resumed) if buttons(c)), None))  # seen, then /skip
    await fake.wait_until(lambda: fake.held)  # the old poll's end on its way

    skip = await fake.slash("skip", user_id=LEARNER_ID)
    await fake.wait_until(first_answer(fake, skip))
    await fake.quiet()
    fake.ending.set()
    await fake.quiet()
    said = fake.answers(skip)
    assert fake.polls(after=mark) == [], [poll_question(c) for c in fake.polls(after=mark)]
    assert said[0].content == "Question 1 skipped." and said[1].flags & EPHEMERAL
    assert "Which collective rebuilds a full tensor" in said[1].content
