"""A sweeper told to wait before its first sweep (Telegram's updates kept while the bot was away, votes cast in
time among them): it sweeps only once that is done, or fails; and a stop meanwhile ends it at once."""

from __future__ import annotations

import asyncio
import logging

import pytest

from bot.sweeper import Sweeper

FAST = 0.01  # seconds between sweeps in these tests


class Counting(Sweeper):
    name = "counting-sweeper"

    def __init__(self) -> None:
        super().__init__("telegram", FAST)
        self.sweeps = 0
        self.swept = asyncio.Event()

    async def sweep(self) -> int:
        self.sweeps += 1
        self.swept.set()
        return 0


async def test_the_first_sweep_waits_for_what_comes_first() -> None:
    sweeper, handled = Counting(), asyncio.Event()

    async def until_handled() -> None:
        await handled.wait()

    sweeper.start(until_handled)
    try:
        await asyncio.sleep(FAST * 20)
        assert sweeper.sweeps == 0
        handled.set()
        await asyncio.wait_for(sweeper.swept.wait(), 5)
    finally:
        await sweeper.stop()


async def test_a_stop_while_waiting_ends_it_at_once() -> None:
    async def never() -> None:
        await asyncio.Event().wait()

    sweeper = Counting()
    sweeper.start(never)
    await asyncio.sleep(FAST * 5)
    # Half the stop's own wait: a machine busy with other tests may hold a quick stop a while; one that waited
    # for what comes first would still take 5 s.
    await asyncio.wait_for(sweeper.stop(wait=5.0), 2.5)
    assert sweeper.sweeps == 0


async def test_a_wait_that_fails_is_logged_and_the_sweeps_begin(caplog: pytest.LogCaptureFixture) -> None:
    async def fails() -> None:
        raise RuntimeError("no answer")

    sweeper = Counting()
    with caplog.at_level(logging.ERROR, logger="bot.sweeper"):
        sweeper.start(fails)
        try:
            await asyncio.wait_for(sweeper.swept.wait(), 5)
        finally:
            await sweeper.stop()
    assert [record.getMessage() for record in caplog.records] == [
        "the counting-sweeper (telegram) could not wait for what comes first; sweeping now"]
