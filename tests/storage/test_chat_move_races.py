"""On PostgreSQL, a chat that moves (a Telegram group that became a supergroup) while the new chat gets a row of its
own in another transaction (an admin sets its language, someone starts a game in it): the move's checks can't see
that row until it is committed, and then collides with it. A lost race: tried again, the move sees the row and
leaves the new chat's own in place, as when it was there first (tests/storage/contract/test_chat_moves.py)."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from dataclasses import replace

import pytest
from sqlalchemy.ext.asyncio import AsyncEngine

from bot.ports import StorageBusy, UnitOfWork
from storage.unit_of_work import unit_of_work_factory
from tests.fakes.clock import FixedClock
from tests.storage.builders import a_game, a_session, stored_games, stored_session, stored_user
from tests.support.lock_waits import lock_waits

OLD, NEW = "-4242", "-1004242"
Claim = Callable[[UnitOfWork, int], Awaitable[None]]


async def set_the_new_chats_language(work: UnitOfWork, user_id: int) -> None:
    await work.chats.set_language("telegram", NEW, "sw")


async def start_a_game_in_the_new_chat(work: UnitOfWork, user_id: int) -> None:
    await work.games.add(a_game(user_id, "new", NEW, scope_id=NEW))


@pytest.fixture
def database_url(postgres_url: str) -> str:
    """PostgreSQL only: SQLite's transactions take turns, so nothing is committed under a move's feet."""
    return postgres_url


async def _waiting_for_a_lock(task: asyncio.Task[None], database: AsyncEngine) -> None:
    for _ in range(1000):
        assert not task.done(), "the move finished without meeting the other transaction's row"
        async with database.connect() as connection:
            if await lock_waits(connection):
                return
        await asyncio.sleep(0.01)
    raise AssertionError("the move never waited for the other transaction")


@pytest.mark.parametrize("claim", [set_the_new_chats_language, start_a_game_in_the_new_chat])
async def test_a_move_that_meets_the_new_chats_row_committed_meanwhile_is_a_lost_race(
        database: AsyncEngine, claim: Claim) -> None:
    uow = unit_of_work_factory(database, FixedClock())
    alice = await stored_user(uow, "alice")
    await stored_session(uow, replace(a_session(alice, "s1"), chat_id=OLD))
    await stored_games(uow, a_game(alice, "old", OLD, scope_id=OLD))
    async with uow() as work:
        await work.chats.set_language("telegram", OLD, "yo")
        await work.commit()

    async def move() -> None:
        async with uow() as work:
            await work.chats.move("telegram", OLD, NEW)
            await work.commit()

    async with uow() as other:
        await claim(other, alice)  # not yet committed: the move's checks can't see it
        moving = asyncio.create_task(move())
        await _waiting_for_a_lock(moving, database)
        await other.commit()
    with pytest.raises(StorageBusy):
        await moving
    await move()  # as Turns tries it again

    async with uow() as work:
        session = await work.sessions.get("s1")
        assert session is not None and session.chat_id == NEW
        assert await work.chats.language("telegram", OLD) is None
        if claim is set_the_new_chats_language:
            assert await work.chats.language("telegram", NEW) == "sw"  # the new chat's own choice wins
        else:
            kept, left = await work.games.live_in("telegram", NEW), await work.games.get("old")
            assert kept is not None and kept.id == "new"
            assert left is not None and left.chat_id == OLD  # one live game a chat: the old one stays behind
