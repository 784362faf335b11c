"""The storage contract: a session changed and updated within one unit of work is stored with every change.

SQL storage writes only the columns that changed since the unit of work read or last wrote the session
(storage/session_changes.py), and the engine changes a session in place, its option orders too: these tests hold
that nothing changed is left out, however it was changed.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta

from bot.ports import UnitOfWork
from bot.records import QuizSession, SessionState
from tests.fakes.clock import START
from tests.storage.builders import a_session, stored_session, stored_user

Uow = Callable[[], UnitOfWork]


async def read_back(uow: Uow, session_id: str) -> QuizSession | None:
    async with uow() as work:
        return await work.sessions.get(session_id)


async def test_changes_made_in_place_to_a_session_read_in_the_same_unit_of_work_are_stored(uow: Uow) -> None:
    await stored_session(uow, a_session(await stored_user(uow)))
    async with uow() as work:
        session = await work.sessions.get("s1")
        assert session is not None
        session.option_orders["q2"].reverse()  # a list changed in place, and (below) a new one for a key
        session.option_orders["q3"] = ["m", "n", "o"]  # as the stepper records a reload's options
        session.position, session.updated_at = 1, START + timedelta(minutes=1)
        session.question_deadline = START + timedelta(minutes=2)
        await work.sessions.update(session)
        await work.commit()
    stored = await read_back(uow, "s1")
    assert stored is not None
    assert stored.option_orders == {"q1": ["b", "a", "c"], "q2": ["x", "y"], "q3": ["m", "n", "o"]}
    assert (stored.position, stored.updated_at, stored.question_deadline) == (
        1, START + timedelta(minutes=1), START + timedelta(minutes=2))


async def test_a_session_updated_twice_in_one_unit_of_work_keeps_the_second_update(uow: Uow) -> None:
    await stored_session(uow, a_session(await stored_user(uow)))
    async with uow() as work:
        session = await work.sessions.get("s1")
        assert session is not None
        session.position, session.chat_id = 1, "chat-2"
        session.option_orders["q1"] = ["c", "b", "a"]
        await work.sessions.update(session)
        # ... then back as it was read: each must reach the row, not be taken for "unchanged since the read".
        session.position, session.chat_id = 0, "chat-1"
        session.option_orders["q1"] = ["b", "a", "c"]
        session.state, session.finished_at = SessionState.STOPPED, START + timedelta(minutes=3)
        await work.sessions.update(session)
        await work.commit()
    stored = await read_back(uow, "s1")
    assert stored is not None
    assert (stored.position, stored.chat_id, stored.option_orders["q1"]) == (0, "chat-1", ["b", "a", "c"])
    assert (stored.state, stored.finished_at) == (SessionState.STOPPED, START + timedelta(minutes=3))


async def test_a_session_added_then_changed_in_the_same_unit_of_work_is_stored_changed(uow: Uow) -> None:
    user_id = await stored_user(uow)
    async with uow() as work:
        session = a_session(user_id)
        await work.sessions.add(session)
        session.option_orders["q1"].sort()
        session.position, session.question_deadline = 2, START + timedelta(seconds=30)
        await work.sessions.update(session)
        await work.commit()
    stored = await read_back(uow, "s1")
    assert stored is not None
    assert (stored.position, stored.question_deadline, stored.option_orders["q1"]) == (
        2, START + timedelta(seconds=30), ["a", "b", "c"])


async def test_a_session_from_a_unit_of_work_rolled_back_is_stored_whole(uow: Uow) -> None:
    await stored_session(uow, a_session(await stored_user(uow)))
    async with uow() as work:  # read, changed and updated, then rolled back: nothing of it is kept...
        session = await work.sessions.get("s1")
        assert session is not None
        session.position, session.chat_id, session.option_orders["q3"] = 2, "chat-9", ["n", "m"]
        await work.sessions.update(session)
    async with uow() as work:  # ... so this unit of work, which never read it, writes every column
        await work.sessions.update(session)
        await work.commit()
    assert await read_back(uow, "s1") == session
