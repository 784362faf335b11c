"""The fingerprint of the content an admin last reloaded: one row, replaced by each reload, kept only if committed."""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta

from bot.ports import UnitOfWork
from tests.fakes.clock import START

Uow = Callable[[], UnitOfWork]
MINUTE = timedelta(minutes=1)


async def test_the_last_reloads_fingerprint_replaces_the_one_before_once_committed(uow: Uow) -> None:
    async with uow() as work:
        assert await work.content.fingerprint() is None  # nobody reloaded yet
        await work.content.set_fingerprint("a" * 64, START)
        await work.commit()
    async with uow() as work:
        assert await work.content.fingerprint() == "a" * 64
        await work.content.set_fingerprint("b" * 64, START + MINUTE)
        await work.commit()
    async with uow() as work:
        assert await work.content.fingerprint() == "b" * 64
        await work.content.set_fingerprint("c" * 64, START + 2 * MINUTE)  # never committed
    async with uow() as work:
        assert await work.content.fingerprint() == "b" * 64
