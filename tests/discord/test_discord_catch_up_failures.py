"""The look for votes cast while away goes on past one poll failing unexpectedly (the other learners' votes
count), and an outage failing every poll logs one traceback, not one per poll."""

from __future__ import annotations

import logging
import re
from dataclasses import dataclass, field
from typing import Any

import pytest

from adapters.settings import Settings
from bot.replies import Actor
from tests.discord.endpoints import serving
from tests.discord.fake_records import Call
from tests.discord.fake_votes import VotingFakeDiscord
from tests.discord.harness import ADMIN_ID, LEARNER_ID, OTHER_ID, running_bot
from tests.discord.payloads import OWNER_ID
from tests.discord.support import message_id, next_poll, reply_to, vote_for

LEARNERS = (LEARNER_ID, OWNER_ID, ADMIN_ID, OTHER_ID, LEARNER_ID + 1)


@dataclass
class GarblingFake(VotingFakeDiscord):
    """As Discord, but the poll of each message in ``garbled`` (of every message if ``garble_all``) comes with an
    expiry that is no date: the bot fails on it with an error it doesn't expect (a ValueError)."""

    garbled: set[int] = field(default_factory=set)
    garble_all: bool = False

    def _route(self, call: Call) -> tuple[int, Any]:
        status, body = super()._route(call)
        m = re.fullmatch(r"/channels/\d+/messages/(\d+)", call.path)
        if call.method == "GET" and m and status == 200 and (self.garble_all or int(m[1]) in self.garbled):
            body = {**body, "poll": {**body["poll"], "expiry": "soon"}}
        return status, body


def _tracebacks(caplog: pytest.LogCaptureFixture) -> list[logging.LogRecord]:
    return [record for record in caplog.records
            if record.levelno >= logging.ERROR and record.name.startswith(("adapters.", "bot."))]


def _message_reads(fake: GarblingFake, after: int) -> list[Call]:
    return [c for c in fake.calls[after:] if c.method == "GET" and re.fullmatch(r"/channels/\d+/messages/\d+", c.path)]


async def test_one_poll_failing_unexpectedly_leaves_the_other_polls_votes_counted(
        settings: Settings, caplog: pytest.LogCaptureFixture) -> None:
    async with serving(GarblingFake()) as fake:
        async with running_bot(settings, fake) as bot:
            await fake.slash("quiz", {"quiz": "collectives"}, user_id=LEARNER_ID)
            older = await next_poll(fake, bot)
            mark = len(fake.calls)
            await fake.slash("quiz", {"quiz": "collectives"}, user_id=OWNER_ID)
            newer = await next_poll(fake, bot, after=mark)  # looked at first
        await vote_for(fake, older, "All-reduce", LEARNER_ID)
        await vote_for(fake, newer, "All-reduce", OWNER_ID)
        fake.garbled.add(message_id(newer))

        mark = len(fake.calls)
        async with running_bot(settings, fake) as bot:
            assert "Correct!" in (await reply_to(fake, older, after=mark)).content
            await fake.quiet()
            progress = (await bot.engine.progress(Actor("discord", str(LEARNER_ID)))).lines[0].text
            assert "1 of 3 answered, 1 right" in progress
    errors = _tracebacks(caplog)
    assert len(errors) == 1 and errors[0].exc_info is not None
    assert str(message_id(newer)) in errors[0].getMessage()


async def test_an_outage_failing_every_poll_logs_one_traceback_and_stops_the_look(
        settings: Settings, caplog: pytest.LogCaptureFixture) -> None:
    async with serving(GarblingFake()) as fake:
        async with running_bot(settings, fake) as bot:
            for learner in LEARNERS:
                mark = len(fake.calls)
                await fake.slash("quiz", {"quiz": "collectives"}, user_id=learner)
                await next_poll(fake, bot, after=mark)
        fake.garble_all = True

        mark = len(fake.calls)
        caplog.clear()
        async with running_bot(settings, fake):
            await fake.wait_until(lambda: len(_message_reads(fake, mark)) >= 3 or None, within=10)
            await fake.quiet()
    assert len(_message_reads(fake, mark)) == 3  # stopped after three polls failed in a row, of five
    errors = _tracebacks(caplog)
    assert [record.exc_info is not None for record in errors] == [True, False]  # then one line saying it stopped
