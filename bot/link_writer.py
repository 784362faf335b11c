"""Poll links stored together: on SQLite, the next polls of a burst of answers share one unit of work.

Every vote on a poll is followed by the next question's poll, whose link (which question it asks) must be stored
before the vote's turn ends. In a burst (a game's question closing, a class answering at once) hundreds of links
are asked for in the same moment; one unit of work each cost about an eighth of a vote's CPU. Links asked for
while a batch is being stored wait for the next batch, so one batch is in flight at a time. That suits SQLite's
one writer; on PostgreSQL (``batches=False``) each link keeps its own unit of work, spread over the pool.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable

from bot.ports import LinkRejected, UnitOfWork
from bot.records import MessageLink

Waiting = tuple[MessageLink, asyncio.Future[None]]
RunUnit = Callable[[Callable[[UnitOfWork], Awaitable[None]]], Awaitable[None]]


class LinkWriter:
    def __init__(self, run_unit: RunUnit, *, batches: bool = True) -> None:
        self._run_unit = run_unit  # one unit of work with retries (Turns.run_unlocked)
        self._batches = batches
        self._waiting: list[Waiting] = []
        self._storing: asyncio.Task[None] | None = None

    async def store(self, link: MessageLink) -> None:
        """Returns once the link is committed, alone or in a batch; raises what storing it failed with. A caller
        cancelled meanwhile leaves its link to be stored with its batch."""
        if not self._batches:
            await self._run_unit(_adding([link]))
            return
        loop = asyncio.get_running_loop()
        storing = self._storing if self._storing is not None and not self._storing.done() else None
        if storing is not None and storing.get_loop() is not loop:
            raise RuntimeError("a LinkWriter serves one event loop")
        stored: asyncio.Future[None] = loop.create_future()
        self._waiting.append((link, stored))
        if storing is None:
            self._storing = asyncio.create_task(self._store_waiting())
        await stored

    async def _store_waiting(self) -> None:
        batch: list[Waiting] = []
        try:
            while self._waiting:
                batch, self._waiting = self._waiting, []
                await self._store_batch(batch)
        except BaseException:
            # Cancelled (the storage shut down under it): its callers, and those waiting for the next batch, hear
            # it as their own units of work would have; none is left waiting.
            batch, self._waiting = batch + self._waiting, []
            for _, stored in batch:
                if not stored.done():
                    stored.cancel()
            raise

    async def _store_batch(self, batch: list[Waiting]) -> None:
        try:
            await self._run_unit(_adding([link for link, _ in batch]))
        except LinkRejected as rejected:
            if len(batch) == 1:
                _settle(batch[0][1], rejected)
                return
            for link, stored in batch:  # one bad link must not fail its neighbours: each alone, as before
                await self._store_alone(link, stored)
        except Exception as error:  # about the database (busy past retries, closed): every link of the batch hears it
            for _, stored in batch:
                _settle(stored, error)
        else:
            for _, stored in batch:
                _settle(stored, None)

    async def _store_alone(self, link: MessageLink, stored: asyncio.Future[None]) -> None:
        try:
            await self._run_unit(_adding([link]))
        except Exception as error:
            _settle(stored, error)
        else:
            _settle(stored, None)


def _adding(links: list[MessageLink]) -> Callable[[UnitOfWork], Awaitable[None]]:
    async def add(uow: UnitOfWork) -> None:
        for link in links:
            await uow.links.add(link)
        await uow.commit()
    return add


def _settle(stored: asyncio.Future[None], error: Exception | None) -> None:
    if stored.done():  # its caller was cancelled meanwhile
        return
    if error is None:
        stored.set_result(None)
    else:
        stored.set_exception(error)
