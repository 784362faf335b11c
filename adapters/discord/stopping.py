"""Stopping the client within a bound, as Telegram's (adapters/telegram/stopping.py): discord.py runs each
interaction and event in a task of its own, which its close() leaves running, to end on a closed client (its reply
lost, "Task exception was never retrieved") and past the adapter's stop on closed storage. So each handler is
tracked where it starts (``admit``); once stopping, new ones are refused; those under way are waited for, then
cancelled (each unit of work rolls back what it began), and waited for as long again before the client closes."""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from adapters.handlers_stop import HANDLERS_STOP_WAIT

log = logging.getLogger(__name__)


class HandlersUnderWay:
    def __init__(self, wait: float = HANDLERS_STOP_WAIT) -> None:
        self._wait = wait
        self._running: set[asyncio.Task[Any]] = set()
        self._stopping = False
        self._stopped = asyncio.Event()  # the first stop done with waiting, for a second one to wait on
        self.closed = False  # waited for: a refusal's reply, on a client about to close, would be lost too

    def admit(self) -> bool:
        """Whether the handler starting in the current task may run: not once stopping. Either way it is waited
        for until the stop is done with waiting, so that a refusal's reply goes out before the client closes."""
        task = asyncio.current_task()
        if task is not None and not self.closed:
            self._running.add(task)
            task.add_done_callback(self._running.discard)
        return not self._stopping

    async def stop(self) -> None:
        """Refuse new handlers; wait for those under way, then cancel those still running and wait for them as long
        again; past that, go on without them (deaf to their cancellation). A second stop (discord.py closes the
        client itself on a fatal gateway error, then the adapter's stop closes it again) waits for the first's end:
        run anew, it would cancel the handlers winding down again and say so twice."""
        if self._stopping:
            await self._stopped.wait()
            return
        self._stopping = True
        log.info("stopping: new Discord handlers refused; waiting for %d under way", len(self._pending()))
        try:
            if await self._ended():
                return
            cancelled = self._pending()
            for task in cancelled:
                task.cancel()
            log.warning("stopping: %d Discord handler(s) still under way after %.0f s cancelled (not kept)",
                        len(cancelled), self._wait)
            if not await self._ended():
                log.warning("stopping: Discord handlers still under way after they were cancelled; going on "
                            "without them")
        finally:
            self.closed = True
            self._stopped.set()

    def _pending(self) -> set[asyncio.Task[Any]]:
        current = asyncio.current_task()  # a handler's own stop (none does) mustn't wait for itself
        return {task for task in self._running if not task.done() and task is not current}

    async def _ended(self) -> bool:
        """Whether every handler ended within the wait, those refused meanwhile included."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + self._wait
        while pending := self._pending():
            remaining = deadline - loop.time()
            if remaining <= 0:
                return False
            await asyncio.wait(pending, timeout=remaining)
        return True
