"""Every unit of work reports its time to the metrics, on both databases: kept, rolled back, or failed by the
database. A histogram that hears only the good ones would look healthiest during an outage."""

from __future__ import annotations

import pytest
from sqlalchemy.ext.asyncio import AsyncEngine

from bot.ports import SessionAlreadyActive
from storage.unit_of_work import unit_of_work_factory
from tests.fakes.clock import FixedClock
from tests.storage.builders import a_session, stored_user
from tests.support.transactions import CountingTransactions


async def test_kept_rolled_back_and_refused_units_of_work_are_all_timed(
        database: AsyncEngine, clock: FixedClock) -> None:
    transactions = CountingTransactions()
    uow = unit_of_work_factory(database, clock, metrics=transactions)
    user = await stored_user(uow)
    with transactions.counting() as ended:
        async with uow() as work:  # kept
            await work.sessions.add(a_session(user))
            await work.commit()
        async with uow() as work:  # rolled back: nothing committed
            await work.users.get("telegram", "alice")
        with pytest.raises(SessionAlreadyActive):
            async with uow() as work:  # refused by the database: a second active session of the quiz
                await work.sessions.add(a_session(user, session_id="s2"))
                await work.commit()
        with pytest.raises(RuntimeError, match="the action failed"):
            async with uow() as work:  # failed in between
                await work.users.get("telegram", "alice")
                raise RuntimeError("the action failed")
        assert ended() == 4
