"""Stopping the sweepers at shutdown: a sweep under way finishes, one that hangs is cut off, and all of them
together take one wait at most, not one each (a container's stop allows so long before it kills)."""

from __future__ import annotations

import asyncio
import logging

import pytest

from bot.sweeper import Sweeper, stop_sweepers

WAIT = 0.6  # seconds a sweep under way may take once a stop was asked for


class Hanging(Sweeper):
    """Its first sweep never ends by itself (a delivery stuck on the network); notes when it was cut off.
    ``deaf``: it ignores the cancellation too, for a while."""

    name = "hanging-sweeper"

    def __init__(self, deaf: bool = False) -> None:
        super().__init__("telegram", 0.01)
        self.sweeping = asyncio.Event()
        self.cut_off_at: float | None = None
        self.deaf = deaf
        self.give_in = asyncio.Event()  # a deaf one ends when this is set

    async def sweep(self) -> int:
        self.sweeping.set()
        try:
            await asyncio.Event().wait()
        except asyncio.CancelledError:
            self.cut_off_at = asyncio.get_running_loop().time()
            if not self.deaf:
                raise
            await self.give_in.wait()
        return 0


class Finishing(Sweeper):
    """Its first sweep ends when released, and counts what it did once done."""

    name = "finishing-sweeper"

    def __init__(self) -> None:
        super().__init__("telegram", 0.01)
        self.sweeping = asyncio.Event()
        self.release = asyncio.Event()
        self.finished = 0

    async def sweep(self) -> int:
        self.sweeping.set()
        await self.release.wait()
        self.finished += 1
        return 0


async def started(*sweepers: Hanging | Finishing) -> None:
    for sweeper in sweepers:
        sweeper.start()
    await asyncio.gather(*(sweeper.sweeping.wait() for sweeper in sweepers))


async def test_hanging_sweeps_are_cut_off_together_after_one_wait() -> None:
    hanging = [Hanging(), Hanging(), Hanging()]
    await started(*hanging)
    asked = asyncio.get_running_loop().time()
    await asyncio.wait_for(stop_sweepers(hanging, WAIT), 10 * WAIT)
    cut_off = [sweeper.cut_off_at for sweeper in hanging]
    assert all(moment is not None and moment - asked >= WAIT for moment in cut_off)
    # Side by side: one after the other would have cut them off 0.6 s apart.
    known = [moment for moment in cut_off if moment is not None]
    assert max(known) - min(known) < WAIT / 2


async def test_a_sweep_under_way_finishes_beside_a_hanging_one() -> None:
    finishing, hanging = Finishing(), Hanging()
    await started(hanging, finishing)
    stopping = asyncio.create_task(stop_sweepers([hanging, finishing], WAIT))
    await asyncio.sleep(0)  # both asked to stop
    finishing.release.set()
    await asyncio.wait_for(stopping, 10 * WAIT)
    assert finishing.finished == 1  # its learner got their next question, and no sweep began after the stop
    assert hanging.cut_off_at is not None


async def test_a_sweep_deaf_to_its_cancellation_is_left_behind(caplog: pytest.LogCaptureFixture) -> None:
    deaf = Hanging(deaf=True)
    await started(deaf)
    asked = asyncio.get_running_loop().time()
    with caplog.at_level(logging.WARNING, logger="bot.sweeper"):
        await asyncio.wait_for(stop_sweepers([deaf], WAIT, WAIT / 2), 10 * WAIT)
    assert asyncio.get_running_loop().time() - asked < 3 * WAIT  # not waited for
    assert "did not end when cancelled" in caplog.text
    deaf.give_in.set()  # (the test's loop closes with nothing left running)
    await asyncio.sleep(0.05)
