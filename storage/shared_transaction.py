"""PostgreSQL's answers in shared transactions: many learners' units of work on one connection, with one COMMIT.

An answer on a database server is about ten statements, each a round trip and a message for both sides to handle:
per answer, several times the CPU of a plain commit (benchmarks/HISTORY.md, postgres_statements.py). So answers that
arrive together share a transaction, as SQLite's writer lets them share a COMMIT: those arriving while one waits
for its connection and BEGIN join it (up to MOST_COPIES), then run at once, each its own code on its own unit of
work, and the statements they send in the same turn of the event loop go as one (storage/merged_statements.py).
It commits once every member has committed or left.

Only work on the learner's own rows may share (the engine asks for it for answers, bot/turns.py): each learner's
lock lets one action of theirs in at a time, so members never touch the same row. A shared transaction keeps
each member's outcome what it would be alone, or rolls back whole:

- a statement that fails (the transaction is aborted on PostgreSQL), a member that asks for a savepoint, or one
  that leaves having written without committing (its error, its cancellation) loses the shared transaction: every
  member still in it hears SharedTransactionLost (a StorageBusy: nothing was kept) and runs again, alone (the
  metrics count the loss once, as shared_transaction_lost, rather than a lost race, storage_busy, per member);
- a failure of the connection or the database (BEGIN, a time limit, shutdown, COMMIT) reaches each member as it
  would have reached it alone (each its own copy, caused by it), except a cut of the connection while nothing is
  on it (a member kept it waiting): that loses the shared transaction too, else its members would wait for that
  member however long it takes.
"""

from __future__ import annotations

import asyncio
from copy import copy as shallow_copy
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Dialect, Executable, Select

from bot.metrics import EVERY_PLATFORM, SHARED_TRANSACTION_LOST, Metrics
from bot.ports import StorageBusy, WriterClosed
from storage.merged_statements import (
    Copy,
    in_lock_order,
    mergeable,
    merged_sql,
    merged_values,
    share_out,
    statement_sizes,
)
from storage.planned import is_planned
from storage.server_statements import ServerConnection, ServerPlans
from storage.server_unit_of_work import ServerUnitOfWork
from storage.statements import StatementResult

RUNNING, COMMITTING, LEFT = "running", "committing", "left"
# A lock another transaction holds (another process's, on one member's learner) would hold up every member: past
# this wait the shared transaction is lost, and each runs again alone, only that learner's waiting on.
SHARED_BEGIN = "BEGIN; SET LOCAL lock_timeout = '1s'"
LOCK_NOT_AVAILABLE = "55P03"


class SharedTransactionLost(StorageBusy):
    """The shared transaction was rolled back, for this member's sake or another's: nothing of it was kept, and
    the action runs again, in a transaction of its own."""


@dataclass(eq=False)
class Member:
    state: str = RUNNING
    wrote: bool = False  # changed a row, or may have: a write under way when it left
    writing: bool = False


@dataclass(eq=False)
class _Sent:
    member: Member
    statement: Executable
    parameters: Any
    reply: asyncio.Future[StatementResult]


class SharedTransaction:
    """One transaction and its members; a task of its own sends their statements and ends it."""

    def __init__(self, transaction: ServerUnitOfWork, plans: ServerPlans, metrics: Metrics, most: int) -> None:
        self._transaction = transaction
        self._plans = plans
        self._metrics = metrics  # hears how many members each COMMIT kept
        self._most = most
        self._members: list[Member] = []
        self._queue: list[_Sent] = []
        self._sending: list[_Sent] = []
        self._wake = asyncio.Event()
        self._begun = asyncio.Event()
        self._ended = asyncio.Event()
        self._connection: ServerConnection | None = None
        self._failure: BaseException | None = None
        self._lost_by_members = False  # rolled back for a member's sake, not the database's
        self._committing = False
        self._solo = False  # one member only: its statements go straight to the connection, savepoints and all
        self.joinable = True  # until BEGIN is done
        self._runner: asyncio.Task[None] | None = None

    def join(self) -> Member:
        if self._runner is None:
            self._runner = asyncio.get_running_loop().create_task(self._run(), name="shared transaction")
        member = Member()
        self._members.append(member)
        self.joinable = len(self._members) < self._most
        return member

    async def begin(self) -> Dialect:
        await self._begun.wait()
        if self._failure is not None or self._connection is None:
            raise self._member_error()
        return self._connection.dialect

    async def execute(self, member: Member, statement: Executable, parameters: Any) -> StatementResult:
        if self._failure is not None:
            raise self._member_error()
        write = not isinstance(statement, Select)
        member.writing = write
        if self._solo and self._connection is not None:  # a plain unit of work's statement, failures and all
            try:
                result = await self._connection.execute(statement, parameters)
            except Exception as error:
                if (cut := self._transaction.cut_error()) is not None:  # told as its unit of work tells it
                    raise cut from error
                if getattr(getattr(error, "orig", None), "sqlstate", None) == LOCK_NOT_AVAILABLE:
                    raise SharedTransactionLost("a lock waited on past a shared transaction's wait") from error
                raise
        else:
            sent = _Sent(member, statement, parameters, asyncio.get_running_loop().create_future())
            self._queue.append(sent)
            self._wake.set()
            result = await sent.reply
        # A write that changed nothing (an answer given already: ON CONFLICT DO NOTHING) leaves nothing to undo.
        member.wrote, member.writing = member.wrote or (write and result.rowcount != 0), False
        return result

    def begin_nested(self) -> Any:
        if self._solo and self._connection is not None:
            return self._connection.begin_nested()
        # Rolling back to a savepoint would undo the other members' statements sent since.
        raise _shared_lost("a savepoint needs a transaction of its own")

    async def commit(self, member: Member) -> None:
        if self._failure is not None:
            raise self._member_error()
        member.state = COMMITTING
        self._wake.set()
        await self._ended.wait()
        if self._failure is not None:
            raise self._member_error()

    def leave(self, member: Member, error: BaseException | None) -> None:
        """The member's unit of work is over, with ``error`` if it failed."""
        state, member.state = member.state, LEFT
        if state == LEFT:
            return
        # Alone, its transaction would roll back what it wrote: shared, only all of it can be.
        if not self._committing and (member.wrote or member.writing) and (error is not None or state == RUNNING):
            self._lose()
        self._wake.set()

    def end_as_alone(self, error: BaseException | None) -> None:
        """What a member's own ``error`` ends its unit of work with: a lost race on a statement it sent alone
        (a deadlock, a statement prepared before the schema changed) is StorageBusy, tried again, as it would be
        in a unit of work of its own. (With others, a failed statement lost the shared transaction already.)"""
        if error is not None:
            self._transaction.raise_if_lost_race(error)

    def _lose(self) -> None:
        if self._failure is None:
            self._failure = SharedTransactionLost("a transaction shared with other learners was rolled back")
            self._lost_by_members = True
        self._wake.set()

    def _cut(self, _driver: object) -> None:
        self._wake.set()

    def _member_error(self) -> BaseException:
        failure = self._failure
        if self._lost_by_members or isinstance(failure, StorageBusy):
            if len(self._members) == 1:  # alone, its own lost race
                return SharedTransactionLost("a transaction shared with other learners was rolled back")
            return _shared_lost("a transaction shared with other learners was rolled back")
        if isinstance(failure, asyncio.CancelledError) or failure is None:
            return WriterClosed("the shared transaction was stopped")
        return member_copy(failure)

    async def _run(self) -> None:
        try:
            async with self._transaction:
                self.joinable = False
                self._solo = len(self._members) == 1
                self._connection = self._transaction.connection
                self._begun.set()
                # Cut while it waits on a member (the time limit, shutdown, the server): nothing more will be sent
                # on it, so nothing else would wake it.
                driver = self._connection.held.driver
                driver.add_termination_listener(self._cut)
                try:
                    await self._serve(self._connection)
                finally:
                    driver.remove_termination_listener(self._cut)
                kept = sum(member.state == COMMITTING for member in self._members)
                if self._failure is None and kept:
                    self._committing = True
                    await self._transaction.commit()
                    self._metrics.observe_batch(kept)
        except BaseException as error:  # every member hears it (a cancellation as the database closing)
            if not self._lost_by_members:
                self._failure = error
        finally:
            self.joinable = False
            for sent in self._queue + self._sending:
                if not sent.reply.done():
                    sent.reply.set_exception(self._member_error())
            self._begun.set()
            self._ended.set()
            if len(self._members) > 1 and (self._lost_by_members or isinstance(self._failure, StorageBusy)):
                self._metrics.error(EVERY_PLATFORM, SHARED_TRANSACTION_LOST)  # its members' runs again, once

    async def _serve(self, connection: ServerConnection) -> None:
        """Send the members' statements until every member has committed or left."""
        while self._failure is None:
            if not self._queue:
                if all(member.state != RUNNING for member in self._members):
                    return
                self._wake.clear()
                await self._wake.wait()
                # Cut while a member kept it waiting: the others run again, alone. (A member alone hears the cut at
                # its next statement, as a unit of work of its own would.)
                if connection.held.driver.is_closed() and not self._solo:
                    self._lose()
                continue
            await asyncio.sleep(0)  # the members woken by the last replies send their next statements first
            self._sending, self._queue = self._queue, []
            try:
                await self._send(connection, self._sending)
            except Exception:
                if not (connection.held.broken or connection.held.abandoned):  # the server refused a statement
                    self._lose()
                raise
            self._sending = []

    async def _send(self, connection: ServerConnection, sending: list[_Sent]) -> None:
        same: dict[tuple[Executable, tuple[str, ...]], list[_Sent]] = {}
        for sent in sending:
            if sent.parameters is not None and is_planned(sent.statement):
                same.setdefault((sent.statement, tuple(sent.parameters)), []).append(sent)
            else:
                _reply(sent, await connection.execute(sent.statement, sent.parameters))
        for group in same.values():
            plan, _ = self._plans.values_for(group[0].statement, group[0].parameters)
            copies = in_lock_order([Copy(self._plans.values_for(sent.statement, sent.parameters)[1], sent)
                                    for sent in group])
            if len(group) == 1 or not mergeable(plan, copies):
                for copy in copies:  # one by one, still in lock order
                    _reply(copy.owner, await connection.execute(copy.owner.statement, copy.owner.parameters))
                continue
            for size in statement_sizes(plan, len(copies), self._most):
                part, copies = copies[:size], copies[size:]
                if size == 1:
                    sent = part[0].owner
                    _reply(sent, await connection.execute(sent.statement, sent.parameters))
                    continue
                records = await connection.fetch_sql(merged_sql(plan, size), merged_values(plan, part))
                share_out(plan, part, records)
                for copy in part:
                    _reply(copy.owner, copy.result)


def _shared_lost(message: str) -> SharedTransactionLost:
    """What a member hears of a transaction lost with others in it (or of a savepoint, needing one of its own):
    not a lost race of its own, which the retry would count (the transaction counts its loss once)."""
    lost = SharedTransactionLost(message)
    lost.lost_race = False
    return lost


def member_copy(failure: BaseException) -> BaseException:
    """A member's own copy of the transaction's failure (its type, arguments and attributes: told and retried as
    it), caused by it: raised in every member, the one object would gather all their tracebacks in one."""
    try:
        copied = shallow_copy(failure)
    except Exception:  # a type its arguments can't make again (keyword-only ones): made without its __init__
        copied = type(failure).__new__(type(failure), *failure.args)
        copied.__dict__.update(vars(failure))
    copied.__cause__ = failure
    return copied


def _reply(sent: _Sent, result: StatementResult | None) -> None:
    if result is None:
        raise RuntimeError("a merged statement gave no result for one of its copies")
    if not sent.reply.done():  # its member was cancelled meanwhile (leave() saw to what it wrote)
        sent.reply.set_result(result)
