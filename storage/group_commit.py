"""The SQLite writer: engine actions take turns on one connection, and many share one durable COMMIT.

A COMMIT with ``synchronous=FULL`` waits for the disk; that wait, not SQLite, is what an answer costs. So the
writer keeps one write transaction open while actions queue for their turn, runs each action in its own
savepoint (one failure can't undo its neighbours), and commits when nobody is waiting, when the batch is full or
when it has been open too long. An action that committed is answered only once the COMMIT holding it is on disk.

Statements run in-line on the event loop: the write lock is held already, so none waits. Only the calls that can
wait (BEGIN IMMEDIATE for the lock, COMMIT for the disk) go to the writer's own thread.

On some errors (disk full, I/O error, out of memory) SQLite rolls back the whole transaction, not only the failed
statement. The batch is lost then: its actions hear StorageBusy (nothing of theirs was kept, so each may simply run
again), and no action runs until a new transaction begins, since outside one every statement is kept on its own.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from sqlalchemy import Connection, Engine, RootTransaction

from bot.ports import WriterClosed
from storage.batch_answers import BatchAnswers
from storage.shutdown import SHUTDOWN_WAIT, outlasting_cancellation, take_turn_within
from storage.transient import LockedOut, lost_batch

MAX_BATCH = 256  # actions per COMMIT
MAX_DELAY = 0.05  # seconds a batch may stay open while actions keep coming


class GroupCommit:
    def __init__(self, engine: Engine, *, max_batch: int = MAX_BATCH, max_delay: float = MAX_DELAY,
                 on_commit: Callable[[int], None] | None = None) -> None:
        self._engine = engine
        self._max_batch = max_batch
        self._max_delay = max_delay
        self._on_commit = on_commit  # hears how many actions each COMMIT kept: for metrics
        self._turn = asyncio.Lock()  # first come, first served: a finished caller can't barge ahead
        self._waiting = 0
        self._locked_out = LockedOut()
        self._executor: ThreadPoolExecutor | None = None
        self._connection: Connection | None = None
        self._transaction: RootTransaction | None = None
        self._batch: list[asyncio.Future[None]] = []
        self._opened_at = 0.0
        self._committing: set[asyncio.Future[None]] = set()
        self._closed = False
        self._closing = False  # close_for_good is waiting for the turn: callers queued behind hear WriterClosed
        self._holder: asyncio.Task[Any] | None = None  # the task of the action holding the turn, not a BEGIN or COMMIT
        self.abandoned = False  # closed at shutdown under an action that held the turn too long: it was rolled back

    async def enter(self) -> Connection:
        """Wait for the writer's turn; returns its connection, inside a write transaction. WriterClosed once the
        writer was closed for good."""
        if self._closed or self._closing:
            raise WriterClosed("the database was closed")
        self._waiting += 1
        queued_at = time.monotonic()
        try:
            await self._turn.acquire()
        except asyncio.CancelledError:
            self._waiting -= 1
            self._commit_if_abandoned()
            raise
        self._waiting -= 1
        handed_on = False  # the turn, to whoever comes next; else a failure here gives it back
        try:
            if self._closed or self._closing:  # while this caller queued: close_for_good is closing the connection
                raise WriterClosed("the database was closed")
            if self._lost_by_sqlite():
                self._fail_batch()
            if not self._in_transaction():  # else the last COMMIT began this batch's transaction already
                self._locked_out.refuse_if_since(queued_at)
                begin = self._in_thread(self._begin)
                try:
                    await self._locked_out.watch(asyncio.shield(begin))
                except asyncio.CancelledError:
                    handed_on = True
                    begin.add_done_callback(self._locked_out.after)  # its failure is nobody's now, bar LockedOut's
                    begin.add_done_callback(lambda _: self.leave_nowhere())  # the thread still begins: pass it on
                    raise
            if self._connection is None:  # closed (the engine disposed) while this BEGIN waited its turn
                raise WriterClosed("the database was closed")
        except BaseException:
            if not handed_on:
                self._turn.release()
            raise
        self._holder = asyncio.current_task()
        return self._connection

    def _in_transaction(self) -> bool:
        return self._transaction is not None and self._transaction.is_active

    def _lost_by_sqlite(self) -> bool:
        """Whether SQLite rolled back the batch's transaction by itself, while SQLAlchemy still counts it open."""
        if not self._in_transaction() or self._connection is None:
            return False
        driver: Any = self._connection.connection.dbapi_connection  # sqlite3's, which knows
        return not driver.in_transaction

    def _fail_batch(self) -> None:
        """Tell the batch's committed actions that SQLite threw them away, and start afresh on a new connection."""
        batch, self._batch = self._batch, []
        self._drop_connection()
        for waiter in batch:
            if not waiter.done():
                waiter.set_exception(lost_batch())

    async def leave(self, *, committed: bool) -> None:
        """Give the turn back; for an action that committed, return once its COMMIT is on disk."""
        waiter = asyncio.get_running_loop().create_future() if committed else None
        if waiter is not None:
            self._batch.append(waiter)
        self._pass_turn()
        if waiter is not None:
            await waiter

    def leave_nowhere(self) -> None:
        """Give the turn back for an action that wrote nothing to keep."""
        self._pass_turn()

    def _pass_turn(self) -> None:
        self._holder = None
        if self._transaction is None or not self._due():
            self._turn.release()
            return
        batch, self._batch = self._batch, []
        # A task of its own: a caller cancelled meanwhile must not leave the COMMIT half-awaited.
        self._track(asyncio.ensure_future(self._commit_batch(batch)))

    def _commit_if_abandoned(self) -> None:
        """The turn was passed on to a caller that gave up before it ran: commit what it was left to commit."""
        if self._waiting == 0 and not self._turn.locked() and self._in_transaction():
            self._track(asyncio.ensure_future(self._commit_abandoned()))

    async def _commit_abandoned(self) -> None:
        await self._turn.acquire()
        if not self._in_transaction():  # someone came meanwhile and committed
            self._turn.release()
            return
        batch, self._batch = self._batch, []
        await self._commit_batch(batch)

    def _track(self, task: asyncio.Future[None]) -> None:
        self._committing.add(task)  # the loop keeps only weak references to tasks
        task.add_done_callback(self._committing.discard)

    def _due(self) -> bool:
        return (self._waiting == 0 or self._closing or len(self._batch) >= self._max_batch
                or time.monotonic() - self._opened_at >= self._max_delay)

    async def _commit_batch(self, batch: list[asyncio.Future[None]]) -> None:
        """COMMIT in the thread, then answer every action of the batch; the turn stays held until it is done."""
        error: BaseException | None = None
        cancelled = False
        kept = BatchAnswers(batch, self._on_commit)
        loop = asyncio.get_running_loop()
        try:
            # Callers still queued: begin their batch in the same trip to the thread. That BEGIN may wait for
            # another process's lock: the batch is answered as soon as its COMMIT is done, not after it.
            cancelled = await outlasting_cancellation(self._in_thread(functools.partial(
                self._commit, begin_next=self._waiting > 0, done=functools.partial(kept.answer_from, loop))))
        except BaseException as failure:  # every action of the batch failed with it, unless its COMMIT was done
            error = failure
        finally:
            self._turn.release()
            # The next batch was begun for callers who have all given up since: nobody would end it, and SQLite's
            # write lock would stay held, keeping every other process from writing.
            self._commit_if_abandoned()
        if error is None:
            kept.answer()
        else:
            kept.fail(error)
        if cancelled:  # now that the batch has its answer and the turn is passed on
            raise asyncio.CancelledError

    def _in_thread(self, work: Callable[[], Any]) -> asyncio.Future[Any]:
        if self._closed:  # for good: no new connection, thread or transaction that nobody would close
            raise WriterClosed("the database was closed")
        if self._executor is None:
            self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="sqlite-writer")
        return asyncio.get_running_loop().run_in_executor(self._executor, work)

    # In the writer's thread, one call at a time.

    def _begin(self) -> None:
        if self._in_transaction():
            return
        if self._connection is None:
            self._connection = self._engine.connect()
        try:
            self._transaction = self._connection.begin()  # BEGIN IMMEDIATE: may wait for another process
        except BaseException:
            self._drop_connection()
            raise
        self._opened_at = time.monotonic()

    def _commit(self, *, begin_next: bool, done: Callable[[], object]) -> None:
        lost = self._lost_by_sqlite()
        transaction, self._transaction = self._transaction, None
        if transaction is None:  # close() rolled it back since this COMMIT was due
            raise WriterClosed("the database was closed before this batch's COMMIT: nothing in it was kept")
        try:
            if lost:  # COMMIT would "succeed" with nothing to commit
                raise lost_batch()
            transaction.commit()
        except BaseException:
            self._drop_connection()  # whatever SQLite's state now, a fresh connection starts clean
            raise
        done()
        if begin_next:  # else the next caller begins, and reports any failure (if busy, the others fail with it)
            self._locked_out.quietly(self._begin)

    def _drop_connection(self) -> None:
        self._transaction = None
        if self._connection is not None:
            with contextlib.suppress(Exception):
                self._connection.invalidate()
            self._connection = None

    def close(self) -> None:
        """Roll back anything not committed and close the connection, once a COMMIT under way in the writer's
        thread has ended (its task answers its batch at the loop's next turn). Actions that released their
        savepoints in the open batch hear that they were not kept. A later action opens a new connection."""
        self._fail_uncommitted()
        if self._executor is None:
            return
        self._executor.submit(self._close).result()
        self._executor.shutdown()
        self._executor = None

    async def close_for_good(self, *, wait: float = SHUTDOWN_WAIT) -> None:
        """Close for good at shutdown, before the engine is disposed: a later action hears WriterClosed. asyncio
        then cancels the tasks still running (event handlers, say) and closes the loop as soon as they stop; an
        action reopening the database meanwhile would leave its COMMIT task unfinished ("Task was destroyed but it
        is pending"), or its transaction open, with SQLite's write lock, on a connection nobody closes.

        A COMMIT under way is awaited without blocking the event loop. It takes the turn first, so that no action
        uses the connection while the writer's thread closes it: an action under way ends first and is kept (its
        batch is committed), and callers queued for the turn hear WriterClosed as theirs comes. Cancelled
        meanwhile, the sync close() (on the engine's dispose) still waits for the writer's thread.

        An action still holding the turn after ``wait`` seconds is cancelled: its unit of work rolls back its own
        savepoint, and the batch's other actions are kept. One deaf to that is abandoned (``_abandon``). A BEGIN or
        COMMIT in the writer's thread is waited for: it ends by itself, within the busy timeout or when the disk
        answers."""
        self._closing = True
        if not await take_turn_within(self._turn, wait, lambda: self._holder):
            self._abandon()
            return
        if self._batch and self._in_transaction():  # actions that ended while others queued: keep them
            batch, self._batch = self._batch, []
            await self._commit_batch(batch)  # gives the turn back once they have their answer
            await self._turn.acquire()
        try:
            self._closed = True
            self._fail_uncommitted()
            if self._executor is None:
                return
            await asyncio.wrap_future(self._executor.submit(self._close))
            self._executor.shutdown()
            self._executor = None
        finally:
            self._turn.release()

    def _abandon(self) -> None:
        """Roll back the transaction under an action holding the turn deaf to its cancellation (the batch's actions
        with it), and close the connection, at once on the event loop: the action is suspended, so no statement of
        its slips in between to be kept on its own (ROLLBACK in WAL mode doesn't wait for the disk; the thread is
        idle, the turn being the action's). The batch's actions, and the abandoned one, hear WriterClosed."""
        self._closed = self.abandoned = True
        self._fail_uncommitted()
        self._close()
        if self._executor is not None:
            self._executor.shutdown()
            self._executor = None

    def _fail_uncommitted(self) -> None:
        """Tell the actions of the open batch that their COMMIT will not come."""
        batch, self._batch = self._batch, []
        for waiter in batch:
            if not waiter.done():
                waiter.set_exception(WriterClosed("the database was closed before this action's COMMIT"))

    def _close(self) -> None:
        if self._transaction is not None and self._transaction.is_active:
            self._transaction.rollback()
        self._transaction = None
        if self._connection is not None:
            self._connection.close()
            self._connection = None
        self._engine.dispose()
