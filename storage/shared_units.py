"""The units of work that may share a transaction (storage/shared_transaction.py): what each learner's work holds,
and the factory that gathers them."""

from __future__ import annotations

import asyncio
import weakref
from collections.abc import Callable
from datetime import datetime
from types import TracebackType
from typing import Any, Self

from sqlalchemy import Dialect, Executable

from bot.metrics import Metrics
from storage.merged_statements import MOST_COPIES
from storage.repository_set import RepositorySet
from storage.server_statements import ServerPlans
from storage.server_unit_of_work import ServerUnitOfWork
from storage.shared_transaction import SHARED_BEGIN, Member, SharedTransaction, SharedTransactionLost
from storage.statements import Leavable, StatementResult


class MemberConnection(Leavable):
    """A member's statements, sent through its shared transaction."""

    def __init__(self, shared: SharedTransaction, member: Member, dialect: Dialect) -> None:
        self._shared = shared
        self._member = member
        self._dialect = dialect

    @property
    def dialect(self) -> Dialect:
        return self._dialect

    async def execute(self, statement: Executable, parameters: Any = None) -> StatementResult:
        self.refuse_if_over()
        return await self._shared.execute(self._member, statement, parameters)

    def begin_nested(self) -> Any:
        self.refuse_if_over()
        return self._shared.begin_nested()


class SharedUnitOfWork(RepositorySet):
    """A learner's unit of work in a shared transaction."""

    def __init__(self, transactions: SharedTransactions, clock: Callable[[], datetime]) -> None:
        self._transactions = transactions
        self._clock = clock
        self._shared: SharedTransaction | None = None
        self._member: Member | None = None
        self._connection: MemberConnection | None = None

    async def __aenter__(self) -> Self:
        shared, member = self._shared, self._member = self._transactions.join()
        try:
            dialect = await shared.begin()
        except BaseException as error:
            shared.leave(member, error)
            self._transactions.after(error)
            raise
        self._connection = MemberConnection(shared, member, dialect)
        self.bind(self._connection, self._clock)
        return self

    async def commit(self) -> None:
        if self._shared is None or self._member is None or self._connection is None:
            raise RuntimeError("commit outside the unit of work")
        self._connection.refuse_if_over()
        await self._shared.commit(self._member)
        self._connection.leave("committed")

    async def __aexit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                        tb: TracebackType | None) -> None:
        if self._shared is None or self._member is None or self._connection is None:
            raise RuntimeError("a unit of work ended that never began")
        self._connection.leave("ended")
        self._shared.leave(self._member, exc)
        self._transactions.after(exc)
        self._shared.end_as_alone(exc)


class SharedTransactions:
    """Makes the units of work that may share a transaction; one that lost its shared transaction runs its next
    attempt (bot/retry.py, in the same task) in a transaction of its own."""

    def __init__(self, open_transaction: Callable[..., ServerUnitOfWork], plans: ServerPlans,
                 clock: Callable[[], datetime], metrics: Metrics) -> None:
        self._open = open_transaction
        self._plans = plans
        self._clock = clock
        self._metrics = metrics
        self._forming: SharedTransaction | None = None
        self._alone: weakref.WeakSet[asyncio.Task[Any]] = weakref.WeakSet()

    def __call__(self) -> SharedUnitOfWork | ServerUnitOfWork:
        task = asyncio.current_task()
        if task is not None and task in self._alone:
            self._alone.discard(task)
            return self._open()
        return SharedUnitOfWork(self, self._clock)

    def join(self) -> tuple[SharedTransaction, Member]:
        shared = self._forming
        if shared is None or not shared.joinable:
            shared = self._forming = SharedTransaction(self._open(begin=SHARED_BEGIN), self._plans, self._metrics,
                                                       MOST_COPIES)
        return shared, shared.join()

    def after(self, error: BaseException | None) -> None:
        if isinstance(error, SharedTransactionLost) and (task := asyncio.current_task()) is not None:
            self._alone.add(task)
