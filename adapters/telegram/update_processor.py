"""PTB's update processor: each sender's updates in the order Telegram sent them, counted and timed."""

from __future__ import annotations

import asyncio
import contextlib
import inspect
import logging
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import AbstractContextManager
from datetime import datetime
from typing import Any

from telegram import CallbackQuery, Update
from telegram.error import TelegramError
from telegram.ext import SimpleUpdateProcessor

from adapters.telegram.actors import PLATFORM
from adapters.telegram.update_kinds import sender_of, update_kind
from bot.locks import KeyedLocks
from bot.metrics import Metrics

log = logging.getLogger(__name__)

UNLIMITED = 2**31 - 1  # PTB's limit on updates under way: see UpdateProcessor
# Seconds a button press may wait for its presser's turn before its spinner is stopped. Telegram drops a press
# not answered within about 15 s ("query is too old"), and in a busy group a presser's earlier replies are paced
# under the group's 20 messages a minute, so the turn can come later than that.
ACKNOWLEDGE_AFTER = 5.0
# Seconds a vote on a game's poll waits for its voter's earlier updates before it goes on beside them, and as long
# again for a place among the updates running before it goes on beyond their limit. Their replies may wait a minute
# (a 429, or paced behind the group's 20 messages a minute), and the question's results would wait with them; the
# vote needs nothing of theirs (the engine takes one turn of a player at a time all the same).
VOTE_TURN_WAIT = 2.0


class UpdateProcessor(SimpleUpdateProcessor):
    """Updates run concurrently, except that one person's run one after another in the order they came (a vote on
    a game's poll waits ``vote_turn_wait`` at most for their earlier ones, and as long for a place among those
    running).

    Handlers await the network before they reach the engine, some more than others (``/game stop`` asks
    Telegram whether its sender is a group admin, ``/game quiz`` doesn't), so a quick ``/game stop`` then
    ``/game quiz`` could otherwise be done in the other order. Across webhook replicas there is no such order:
    each replica orders only what it receives.
    """

    def __init__(self, max_concurrent_updates: int, metrics: Metrics, *,
                 acknowledge_after: float = ACKNOWLEDGE_AFTER,
                 acknowledge: Callable[[CallbackQuery], Awaitable[None]] | None = None,
                 clock: Callable[[], datetime] | None = None,
                 holding: Callable[[Update], AbstractContextManager[None] | None] | None = None,
                 vote_turn_wait: float = VOTE_TURN_WAIT) -> None:
        """``clock``: the engine's, to time each poll answer as it came in (``arrived``); ``holding``: what a poll
        answer holds from then until it is handled (a game's sweep waits for a vote on its poll meanwhile), None
        for one on no game's poll; such a vote waits ``vote_turn_wait`` seconds at most for its turn, as for a place."""
        # PTB's own limit would count updates waiting for their sender's turn too, so that one sender's backlog
        # could take the places everyone else needs. It bounds nothing else (PTB makes a task for every update
        # it receives all the same), so the limit that counts is this processor's own, on those running.
        super().__init__(UNLIMITED)
        self._running = asyncio.Semaphore(max_concurrent_updates)
        self._senders: KeyedLocks[tuple[str, int]] = KeyedLocks()
        self._metrics = metrics
        self._acknowledge_after = acknowledge_after
        self._acknowledge = acknowledge or stop_spinner
        # The tasks with an update, for a bounded stop: True once it is handled (past its sender's turn).
        self._under_way: dict[asyncio.Task[Any] | None, bool] = {}
        self.finished = 0  # updates through here since the start, handled or not: how far a catch-up came
        self._one_more = asyncio.Event()
        self._clock = clock
        self._arrivals: dict[int, datetime] = {}  # poll answers under way, by update id: when each came in
        self._holding = holding
        self._vote_turn_wait = vote_turn_wait
        self._stopping = False  # set by the stop's cancels: a cancellation then cuts its update short
        # Updates the stop cut short, by id, each poll answer with when it came in (cut_short.py keeps them)
        self._cut: dict[int, tuple[Update, datetime | None]] = {}
        self._updates: dict[asyncio.Task[Any] | None, object] = {}  # the update of each task under way
        self._again: dict[int, datetime | None] = {}  # those an earlier stop cut short, queued again: see again()
        self._seen_again: set[int] = set()
        self._kept_left = 0  # how many of the next updates Telegram kept while no process took them
        self._kept_ids: set[int] = set()  # those under way
        self.handled: Callable[[Update], None] | None = None  # told of each update handled (fetched.py)

    async def finish(self, count: int) -> None:
        """Returns once ``count`` updates have been through here since the start (catch_up.py)."""
        while self.finished < count:
            self._one_more.clear()
            await self._one_more.wait()

    def cancel_handling(self) -> int:
        """At a stop, past its wait: cancel the handlers running now, so that the updates queued behind them for
        their sender's turn (a vote after a slow reply, PTB has confirmed it already) still run theirs."""
        self._stopping = True
        handling = [task for task, handled in self._under_way.items() if handled and task is not None]
        for task in handling:
            task.cancel()
        return len(handling)

    def cancel_under_way(self) -> int:
        """At a stop, at the end of its waits: cancel every update still under way, handled or queued."""
        self._stopping = True
        under_way = [task for task in self._under_way if task is not None]
        for task in under_way:
            task.cancel()
        return len(under_way)

    def again(self, update: Update, arrived: datetime | None) -> None:
        """``update``, cut short by an earlier stop, is queued again: timed as it first ``arrived``; a copy Telegram
        delivers too (PTB's last getUpdates at that stop, confirming it, failed) is passed over."""
        self._again[update.update_id] = arrived

    def handled_again(self, update: Update) -> bool:
        """Whether ``update`` is one an earlier process took and may have handled in part (see again)."""
        return update.update_id in self._again

    def cut_short(self) -> list[tuple[Update, datetime | None]]:
        """Once stopped: the updates the stop cancelled, and any still under way (deaf to it), oldest first, each
        poll answer with when it came in."""
        cut = dict(self._cut)
        for update in self._updates.values():
            if isinstance(update, Update):
                cut.setdefault(update.update_id, (update, self._arrivals.get(update.update_id)))
        return [cut[update_id] for update_id in sorted(cut)]

    def kept_while_away(self, count: int) -> None:
        """The next ``count`` updates to come are the ones Telegram kept while no process took them (it sends them
        first, in order), and any an earlier stop cut short, queued before them."""
        self._kept_left = count

    def catching_up(self) -> bool:
        """Whether some of those are still to come or under way."""
        return self._kept_left > 0 or bool(self._kept_ids)

    def was_kept(self, update: object) -> bool:
        """Whether ``update``, under way, is one of those (see kept_while_away)."""
        return isinstance(update, Update) and update.update_id in self._kept_ids

    def arrived(self, update: object) -> datetime | None:
        """When a poll answer under way came in, on the engine's clock: before it waited for its sender's earlier
        updates (a reply paced, or waiting out a 429), a wait that is the bot's, not the voter's."""
        return self._arrivals.get(update.update_id) if isinstance(update, Update) else None

    async def do_process_update(self, update: object, coroutine: Awaitable[Any]) -> None:
        task = asyncio.current_task()
        self._under_way[task] = False
        self._updates[task] = update
        if self._kept_left > 0 and isinstance(update, Update):  # before any wait: in the order they came
            self._kept_left -= 1
            self._kept_ids.add(update.update_id)
        try:
            if self._delivered_twice(update):
                log.info("update %s, handled again after a stop cut it short, delivered again: passed over",
                         getattr(update, "update_id", None))
            else:
                await self._process(task, update, coroutine)
                if self.handled is not None and isinstance(update, Update):  # not one cut short: kept
                    self.handled(update)
        finally:
            self._updates.pop(task, None)
            if isinstance(update, Update):
                self._kept_ids.discard(update.update_id)
            if not self._under_way.pop(task, False) and inspect.iscoroutine(coroutine):
                coroutine.close()  # cancelled before its turn: never to run, and no "never awaited" warning
            self.finished += 1
            self._one_more.set()

    async def _process(self, task: asyncio.Task[Any] | None, update: object, coroutine: Awaitable[Any]) -> None:
        sender = sender_of(update)
        kind = update_kind(update)
        self._metrics.update_received(PLATFORM, kind)
        # From its arrival, as the sender sees it: a wait for their earlier updates (one waiting out a 429) or for
        # a place among those running is part of how long the bot took to answer.
        started = time.perf_counter()
        query = update.callback_query if isinstance(update, Update) else None
        early = asyncio.create_task(self._acknowledge_if_still_waiting(query)) if query is not None else None
        timed = update.update_id if isinstance(update, Update) and kind == "poll_answer" and self._clock else None
        if timed is not None and self._clock is not None:
            self._arrivals[timed] = self._again.get(timed) or self._clock()
        # A vote on a game's poll, waiting behind its voter's earlier updates, is one the game's sweep waits for
        held = self._holding(update) if self._holding is not None and isinstance(update, Update) \
            and kind == "poll_answer" else None
        bound = self._vote_turn_wait if held is not None else None
        try:
            with held or contextlib.nullcontext():
                async with self._turn(sender, bound), self._place(bound):
                    if early is not None:
                        early.cancel()  # its turn came in time: the handler answers the press itself
                    self._under_way[task] = True
                    try:
                        await coroutine
                    finally:
                        self._metrics.observe_handler(PLATFORM, kind, time.perf_counter() - started)
        except asyncio.CancelledError:
            if self._stopping and isinstance(update, Update):  # in polling mode Telegram won't deliver it again
                self._cut[update.update_id] = (update, self._arrivals.get(update.update_id))
            raise
        finally:
            if early is not None:
                early.cancel()
            if timed is not None:
                self._arrivals.pop(timed, None)

    def _delivered_twice(self, update: object) -> bool:
        """Whether ``update`` is one queued again (see again) already through here once."""
        if not isinstance(update, Update) or update.update_id not in self._again:
            return False
        if update.update_id in self._seen_again:
            return True
        self._seen_again.add(update.update_id)
        return False

    @contextlib.asynccontextmanager
    async def _turn(self, sender: tuple[str, int] | None, bound: float | None) -> AsyncIterator[None]:
        """The sender's turn, after their earlier updates; with a ``bound``, taken if it comes within it, else the
        update runs beside theirs."""
        if sender is None:
            yield
            return
        async with held_within(self._senders.of(sender), bound):  # held here: the locks forget those unreferenced
            yield

    def _place(self, bound: float | None) -> contextlib.AbstractAsyncContextManager[None]:
        """A place among the updates running; with a ``bound``, taken if one frees within it, else the update runs
        beyond the limit (a vote on a game's poll: the question's results wait for it)."""
        return held_within(self._running, bound)

    async def _acknowledge_if_still_waiting(self, query: CallbackQuery) -> None:
        """The press is still acted on in its turn; only its spinner stops now, and what the handler would have
        said in its answer (an alert) is then not shown."""
        await asyncio.sleep(self._acknowledge_after)
        # Once sent, let it finish even if the turn comes meanwhile: cut off, Telegram may have it already or not.
        # The handler's own answer is then not sent at all (OnceAnsweringBot: a press is answered once).
        await asyncio.shield(self._acknowledge(query))


@contextlib.asynccontextmanager
async def held_within(lock: asyncio.Lock | asyncio.Semaphore, bound: float | None) -> AsyncIterator[None]:
    """``lock`` held for the block; with a ``bound``, waited for that long at most, the block then running without
    it. A free lock is taken at once, without a turn of the event loop, so a vote that came before a /game skip
    reaches the engine first (acquired_within would let the skip's handler run ahead of it)."""
    if bound is None or not lock.locked():
        async with lock:
            yield
        return
    taken = await acquired_within(lock, bound)
    try:
        yield
    finally:
        if taken:
            lock.release()


async def acquired_within(lock: asyncio.Lock | asyncio.Semaphore, seconds: float) -> bool:
    """Whether ``lock`` (a semaphore's place) was acquired within ``seconds`` (the caller then releases it). Not
    asyncio.wait_for, which in Python 3.11 can acquire it and raise all the same, leaving it held for good."""
    acquiring = asyncio.ensure_future(lock.acquire())
    try:
        await asyncio.wait({acquiring}, timeout=seconds)
        if not acquiring.done():
            acquiring.cancel()
            await asyncio.wait({acquiring})  # acquired meanwhile, or not at all
    except BaseException:  # this update cancelled meanwhile: a lock acquired after all is released
        acquiring.cancel()
        acquiring.add_done_callback(lambda task: None if task.cancelled() else lock.release())
        raise
    return not acquiring.cancelled()


async def stop_spinner(query: CallbackQuery) -> None:
    try:
        await query.answer()
    except TelegramError as error:  # too old already, or the network: the press is handled all the same
        log.info("could not acknowledge waiting button press %s: %s", query.id, error)
