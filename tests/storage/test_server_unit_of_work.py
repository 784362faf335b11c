"""PostgreSQL's units of work on held connections: one stopped mid-statement leaves nothing behind, and the
connection it held serves the next ones (asyncpg cancels the statement on the server; the ROLLBACK follows);
a pooled connection that died while idle is replaced before anything is done on it; a server's refusal (a
constraint) costs no connection; and a COMMIT the server turned into a ROLLBACK is not taken for one."""

from __future__ import annotations

import asyncio

import pytest
from sqlalchemy import event

from bot.ports import LinkRejected, SessionAlreadyActive
from bot.records import MessageLink
from storage.database import create_engine
from storage.migrate import upgrade_to_head
from storage.server_statements import TransactionAborted
from storage.unit_of_work import unit_of_work_factory
from tests.fakes.clock import START, FixedClock
from tests.pg_cluster import end_other_sessions
from tests.storage.builders import a_session, stored_session, stored_user
from tests.support.transactions import CountingTransactions


@pytest.mark.parametrize("cancels", [1, 2], ids=["cancelled", "cancelled-again-before-its-rollback"])
async def test_a_unit_of_work_cancelled_while_waiting_on_a_lock_keeps_nothing_and_its_connection_serves_the_next(
        postgres_url: str, cancels: int) -> None:
    database = create_engine(postgres_url, pool_size=1)  # one connection: the next units of work get the same
    holder_database = create_engine(postgres_url, pool_size=1)  # the lock's holder: a connection of its own
    try:
        await upgrade_to_head(database)
        transactions = CountingTransactions()
        uow = unit_of_work_factory(database, FixedClock(), metrics=transactions)
        holder_uow = unit_of_work_factory(holder_database, FixedClock())
        await stored_session(uow, a_session(await stored_user(uow)))
        timed_before = transactions.ended
        locked, waiting = asyncio.Event(), asyncio.Event()

        async def holder() -> None:
            async with holder_uow() as work:
                await work.users.get("telegram", "alice")  # the learner's lock
                locked.set()
                await asyncio.sleep(0.3)
                await work.commit()

        async def cancelled() -> None:
            async with uow() as work:
                await work.links.add(MessageLink("telegram", "poll-1", "s1", "q1", "chat-1", START))
                waiting.set()
                await work.users.get("telegram", "alice")  # waits for the holder's lock: cancelled here
                await work.commit()

        holding = asyncio.create_task(holder())
        await locked.wait()
        stopped = asyncio.create_task(cancelled())
        await waiting.wait()
        await asyncio.sleep(0.05)  # its SELECT ... FOR NO KEY UPDATE now waits on the server
        stopped.cancel()
        for _ in range(cancels - 1):
            await asyncio.sleep(0)  # its ROLLBACK now waits for asyncpg's cancel request...
            stopped.cancel()  # ...and is never sent
        await asyncio.gather(stopped, return_exceptions=True)
        assert transactions.ended == timed_before + 1  # timed, however it was stopped
        await asyncio.wait_for(holding, 5)
        for _ in range(3):
            async with uow() as work:
                assert await work.links.get("telegram", "poll-1") is None
                await work.users.get("telegram", "alice")
                await work.commit()
    finally:
        await holder_database.dispose()
        await database.dispose()


async def test_pooled_connections_that_died_while_idle_are_replaced_and_no_unit_of_work_fails(
        postgres_url: str) -> None:
    database = create_engine(postgres_url, pool_size=3)
    try:
        await upgrade_to_head(database)
        uow = unit_of_work_factory(database, FixedClock())
        await stored_user(uow)

        async def read() -> None:
            async with uow() as work:
                await work.users.get("telegram", "alice")
                await asyncio.sleep(0.05)  # all three at once: the pool opens its three connections
        await asyncio.gather(read(), read(), read())
        assert database.pool.checkedin() == 3  # type: ignore[attr-defined]  # idle in the pool since
        await end_other_sessions(postgres_url)  # as a server restart or a proxy's idle timeout would
        async with uow() as work:
            assert await work.users.get("telegram", "alice") is not None
            await work.commit()
    finally:
        await database.dispose()


async def test_a_constraint_refused_through_sqlalchemy_keeps_the_connection(postgres_url: str) -> None:
    database = create_engine(postgres_url, pool_size=1)
    try:
        await upgrade_to_head(database)
        uow = unit_of_work_factory(database, FixedClock())
        user_id = await stored_user(uow)
        await stored_session(uow, a_session(user_id))
        connects: list[object] = []
        event.listen(database.sync_engine, "connect", lambda *_args: connects.append(object()))
        for n in range(3):
            with pytest.raises(SessionAlreadyActive):  # a unique index, through SQLAlchemy in a savepoint
                async with uow() as work:
                    await work.sessions.add(a_session(user_id, f"again-{n}"))
        async with uow() as work:
            assert await work.sessions.get("s1") is not None
        assert connects == []  # the same connection all along: none thrown away and opened again
    finally:
        await database.dispose()


async def test_a_commit_after_a_failed_statement_says_nothing_was_kept(postgres_url: str) -> None:
    """PostgreSQL aborts a transaction at a failed statement, and then answers COMMIT with "ROLLBACK" and no error:
    a caller that caught the statement's error must not be told the rest was saved."""
    database = create_engine(postgres_url, pool_size=1)
    try:
        await upgrade_to_head(database)
        uow = unit_of_work_factory(database, FixedClock())
        await stored_session(uow, a_session(await stored_user(uow)))
        first = MessageLink("telegram", "poll-1", "s1", "q1", "chat", START)
        async with uow() as work:
            await work.links.add(first)
            await work.commit()
        with pytest.raises(TransactionAborted):
            async with uow() as work:
                await work.links.add(MessageLink("telegram", "poll-2", "s1", "q2", "chat", START))
                with pytest.raises(LinkRejected):
                    await work.links.add(first)  # the same poll again: refused, and the transaction aborted
                await work.commit()
        async with uow() as work:
            assert await work.links.get("telegram", "poll-2") is None
            assert await work.links.get("telegram", "poll-1") is not None  # and the connection serves on
    finally:
        await database.dispose()
