"""The answer a batch of the SQLite writer's actions hears (storage/group_commit.py), given once."""

from __future__ import annotations

import asyncio
from collections.abc import Callable


class BatchAnswers:
    """A batch's actions, answered once: as soon as its COMMIT is done, or with the failure that undid it."""

    def __init__(self, batch: list[asyncio.Future[None]], on_commit: Callable[[int], None] | None) -> None:
        self._batch = batch
        self._on_commit = on_commit
        self._answered = False

    def answer_from(self, loop: asyncio.AbstractEventLoop) -> None:
        """``answer`` on ``loop``, from the writer's thread (unless the loop is gone, as asyncio's own futures do)."""
        if not loop.is_closed():
            loop.call_soon_threadsafe(self.answer)

    def answer(self) -> None:
        if self._answered:
            return
        self._answered = True
        for waiter in self._batch:
            if not waiter.done():  # else its caller was cancelled
                waiter.set_result(None)
        if self._on_commit is not None:
            self._on_commit(len(self._batch))

    def fail(self, error: BaseException) -> None:
        if self._answered:  # kept: a failure after its COMMIT (the next BEGIN's) is not the batch's
            return
        self._answered = True
        for waiter in self._batch:
            if not waiter.done():
                waiter.set_exception(error)
