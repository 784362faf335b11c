"""PostgreSQL storage for the shared-transaction tests (storage/shared_transaction.py): learners with a quiz session
each on one connection, metrics that count what each shared COMMIT kept, and an answer as the engine gives it."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, replace

from bot.ports import UnitOfWork
from bot.records import AnswerRecord, CardRecord, MessageLink
from storage.database import create_engine
from storage.migrate import upgrade_to_head
from storage.unit_of_work import UnitsOfWork, unit_of_work_factory
from tests.fakes.clock import START, FixedClock
from tests.storage.builders import a_session, stored_session, stored_user
from tests.support.transactions import CountingTransactions


class SharedCommits(CountingTransactions):
    """Counts transactions, and how many members each shared COMMIT kept."""

    def __init__(self) -> None:
        super().__init__()
        self.kept: list[int] = []
        self.errors: list[tuple[str, str]] = []

    def observe_batch(self, size: int) -> None:
        self.kept.append(size)

    def error(self, platform: str, kind: str) -> None:
        self.errors.append((platform, kind))


@dataclass
class Storage:
    units: UnitsOfWork
    metrics: SharedCommits


@asynccontextmanager
async def storage_of(postgres_url: str, learners: int, *, warm: bool = False) -> AsyncIterator[Storage]:
    """``learners`` learners, each with a quiz session, on one connection, so the units of work entering together
    share; ``warm``: each answered once first, so the tests' bursts prepare no statement."""
    database = create_engine(postgres_url, pool_size=1)
    try:
        await upgrade_to_head(database)
        metrics = SharedCommits()
        units = unit_of_work_factory(database, FixedClock(), metrics=metrics)
        for n in range(learners):
            await stored_session(units, a_session(await stored_user(units, f"learner-{n}"), f"s{n}"))
        if warm:
            await warm_up(units, learners - 1)
            metrics.kept.clear()
        yield Storage(units, metrics)
        await units.close()
    finally:
        await database.dispose()


async def answer_q1(work: UnitOfWork, n: int, *, session_id: str | None = None) -> CardRecord:
    """Learner n's answer to q1, as the engine's answer goes: their row locked, their session read, then the
    answer, a new card and the session's update."""
    user = await work.users.get("telegram", f"learner-{n}")
    assert user is not None and user.id is not None
    session = await work.sessions.get(session_id or f"s{n}")
    await work.answers.add(AnswerRecord(session_id or f"s{n}", "q1", "a", True, START))
    card = await work.cards.add(CardRecord(user.id, "collectives", "q1", "hash", 1, 0, 2.5, 5.0, START, START))
    if session is not None:
        await work.sessions.update(session)
    return card


async def warm_up(units: UnitsOfWork, n: int) -> None:
    """Learner n's answer, alone: each statement's first copy is sent alone, to learn its types, so that the
    tests' copies are merged."""
    async with units.shared() as work:
        session = await work.sessions.get(f"s{n}")
        assert session is not None
        await answer_q1(work, n)
        await work.sessions.update(replace(session, position=1))
        await work.links.add(MessageLink("telegram", f"poll-{n}", f"s{n}", "q1", f"chat-{n}", START))
        await work.commit()
