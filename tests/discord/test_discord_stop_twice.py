"""A second stop while the first is under way: discord.py closes the client itself on a fatal gateway error (a
revoked token), then the adapter's stop (SIGTERM, a deploy) closes it again. That second close ran the whole
bounded stop anew: it waited its own 2 s, cancelled the handlers still winding down again (cutting short their
rollback) and said so a second time. It now waits for the first stop's end."""

from __future__ import annotations

import asyncio

import pytest

from adapters.discord.stopping import HandlersUnderWay

WAIT = 0.3  # the stop's wait, short for the test
WINDING_DOWN = 1.0  # a cancelled handler's rollback, outlasting the stop's second wait


async def handler(under_way: HandlersUnderWay, ended: list[str]) -> None:
    """A handler under way at the stop, which takes a while to wind down once cancelled (its unit of work rolling
    back over a slow connection)."""
    assert under_way.admit()
    try:
        await asyncio.Event().wait()
    except asyncio.CancelledError:
        try:
            await asyncio.sleep(WINDING_DOWN)
            ended.append("rolled back")
        except asyncio.CancelledError:
            ended.append("cut short")
        raise


async def test_a_second_stop_waits_for_the_first_and_neither_cancels_nor_warns_again(
        caplog: pytest.LogCaptureFixture) -> None:
    under_way = HandlersUnderWay(wait=WAIT)
    ended: list[str] = []
    running = asyncio.create_task(handler(under_way, ended))
    await asyncio.sleep(0)  # admitted
    loop = asyncio.get_running_loop()
    done: dict[str, float] = {}

    async def stop(which: str) -> None:
        await under_way.stop()
        done[which] = loop.time()

    first = asyncio.create_task(stop("first"))
    await asyncio.sleep(WAIT / 3)
    await stop("second")
    await first

    assert done["second"] >= done["first"]  # the second stop ended with the first, not before
    said = [record.getMessage() for record in caplog.records if record.name == "adapters.discord.stopping"]
    assert len(said) == 2 and "cancelled (not kept)" in said[0] and "going on without them" in said[1], said
    await asyncio.wait({running})
    assert ended == ["rolled back"]  # cancelled once, its rollback not cut short
