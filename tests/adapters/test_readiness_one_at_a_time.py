"""/readyz asked often, or while the database hangs, still probes the database once at a time."""

from __future__ import annotations

import asyncio

import pytest

from adapters.readiness import one_at_a_time


async def test_checks_asked_for_while_one_runs_share_it_and_the_next_runs_anew() -> None:
    probes: list[asyncio.Event] = []

    async def probe() -> None:
        answered = asyncio.Event()
        probes.append(answered)
        await answered.wait()

    check = one_at_a_time(probe)
    waiting = [asyncio.ensure_future(check()) for _ in range(5)]
    await asyncio.sleep(0.01)
    assert len(probes) == 1
    probes[0].set()
    await asyncio.wait_for(asyncio.gather(*waiting), 1)
    later = asyncio.ensure_future(check())
    await asyncio.sleep(0.01)
    assert len(probes) == 2  # once it has answered, the next check asks the database again
    probes[1].set()
    await asyncio.wait_for(later, 1)


async def test_a_hanging_probe_fails_each_caller_on_its_own_timeout_without_a_second_probe() -> None:
    probes: list[object] = []
    hang = asyncio.Event()

    async def probe() -> None:
        probes.append(object())
        await hang.wait()
        raise ConnectionError("the database went away")

    check = one_at_a_time(probe)
    for _ in range(3):
        with pytest.raises(TimeoutError):
            await asyncio.wait_for(check(), 0.02)
    assert len(probes) == 1
    hang.set()
    with pytest.raises(ConnectionError):  # its failure reaches those still waiting when it ends
        await asyncio.wait_for(check(), 1)


async def test_a_probe_hanging_past_its_own_limit_is_given_up_and_the_next_check_probes_afresh() -> None:
    """A probe stuck on a connection the network silently dropped would otherwise answer every later check (a
    timeout each) until the kernel gave up on it, about a quarter of an hour, however well the database does."""
    probes: list[object] = []

    async def probe() -> None:
        probes.append(object())
        if len(probes) == 1:
            await asyncio.Event().wait()  # never answers

    check = one_at_a_time(probe, limit=0.05)
    with pytest.raises(TimeoutError):
        await asyncio.wait_for(check(), 0.02)  # the caller gives up first; the probe runs on
    await asyncio.sleep(0.1)  # past the probe's own limit
    await asyncio.wait_for(check(), 1)  # a fresh probe, which answers
    assert len(probes) == 2
