"""Stopping the sweepers at shutdown: a sweep under way finishes, one that hangs is cut off, and all of them
together take one wait at most, not one each (a container's stop allows so long before it kills)."""

from __future__ import annotations

import asyncio

from bot.sweeper import Sweeper, stop_sweepers

WAIT = 0.6  # seconds a sweep under way may take once a stop was asked for


class Hanging(Sweeper):
    """Its first sweep never ends by itself (a delivery stuck on the network); notes when it was cut off."""

    name = "hanging-sweeper"

    def __init__(self) -> None:
        super().__init__("telegram", 0.01)
        self.sweeping = asyncio.Event()
        self.cut_off_at: float | None = None

    async def sweep(self) -> int:
        self.sweeping.set()
        try:
            await asyncio.Event().wait()
        except asyncio.CancelledError:
            self.cut_off_at = asyncio.get_running_loop().time()
            raise
        return 0


class Finishing(Sweeper):
    """Its sweep takes a moment, and counts what it did once done."""

    name = "finishing-sweeper"

    def __init__(self) -> None:
        super().__init__("telegram", 0.01)
        self.sweeping = asyncio.Event()
        self.finished = 0

    async def sweep(self) -> int:
        self.sweeping.set()
        await asyncio.sleep(0.1)
        self.finished += 1
        return 0


async def test_hanging_sweeps_are_cut_off_together_after_one_wait() -> None:
    hanging = [Hanging(), Hanging(), Hanging()]
    for sweeper in hanging:
        sweeper.start()
    await asyncio.gather(*(sweeper.sweeping.wait() for sweeper in hanging))
    asked = asyncio.get_running_loop().time()
    await asyncio.wait_for(stop_sweepers(hanging, WAIT), 10 * WAIT)
    cut_off = [sweeper.cut_off_at for sweeper in hanging]
    assert all(moment is not None for moment in cut_off)
    # Each was given the wait from when the stop was asked: one after the other would have been 0.6, 1.2 and 1.8 s.
    assert all(WAIT <= moment - asked < 1.6 * WAIT for moment in cut_off if moment is not None)


async def test_a_sweep_under_way_finishes_beside_a_hanging_one() -> None:
    finishing, hanging = Finishing(), Hanging()
    for sweeper in (hanging, finishing):
        sweeper.start()
    await asyncio.gather(finishing.sweeping.wait(), hanging.sweeping.wait())
    done_before = finishing.finished
    await asyncio.wait_for(stop_sweepers([hanging, finishing], WAIT), 10 * WAIT)
    assert finishing.finished == done_before + 1  # its learner got their next question
    assert hanging.cut_off_at is not None
