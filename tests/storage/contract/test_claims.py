"""The storage contract, part 6: what a sweep claims, one item at a time (see SKIP LOCKED in
tests/storage/test_sweep_claims.py for two processes at once).

Every test runs on the in-memory fake, a SQLite file and PostgreSQL (see conftest.py).
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta

import pytest

from bot.games.records import GameState
from bot.ports import UnitOfWork
from bot.records import SessionState, UserRecord
from tests.fakes.clock import START
from tests.storage.builders import a_game, a_session, stored_games, stored_session, stored_user

Uow = Callable[[], UnitOfWork]
SECOND = timedelta(seconds=1)


@pytest.mark.parametrize(("session_id", "claimed"), [
    ("late", True), ("just-now", True), ("in-time", False), ("no-limit", False), ("finished", False),
    ("missing", False)])
async def test_a_session_is_claimed_only_while_active_and_past_its_deadline(uow: Uow, session_id: str,
                                                                            claimed: bool) -> None:
    alice = await stored_user(uow, "alice")
    for session in (a_session(alice, "late", "collectives", question_deadline=START - 5 * SECOND),
                    a_session(alice, "just-now", "fsdp", question_deadline=START),
                    a_session(alice, "in-time", "tp", question_deadline=START + SECOND),
                    a_session(alice, "no-limit", "zero"),
                    a_session(alice, "finished", "pp", state=SessionState.FINISHED,
                              question_deadline=START - SECOND)):
        await stored_session(uow, session)
    async with uow() as work:
        found = await work.sessions.claim_overdue(session_id, START)
    assert (found is not None) == claimed
    if found is not None:
        session, owner = found
        assert session.id == session_id and owner == UserRecord("telegram", "alice", id=alice)


@pytest.mark.parametrize(("game_id", "claimed"), [
    ("late", True), ("now", True), ("future", False), ("no-clock", False), ("finished", False),
    ("missing", False)])
async def test_a_game_is_claimed_only_while_live_and_due(uow: Uow, game_id: str, claimed: bool) -> None:
    starter = await stored_user(uow)
    await stored_games(
        uow,
        a_game(starter, "late", "c1", state=GameState.SHOWING, deadline=START - SECOND),
        a_game(starter, "now", "c2", deadline=START),
        a_game(starter, "future", "c3", state=GameState.ASKING, deadline=START + SECOND),
        a_game(starter, "no-clock", "c4"),
        a_game(starter, "finished", "c5", state=GameState.FINISHED, deadline=START - SECOND))
    async with uow() as work:
        game = await work.games.claim_due(game_id, START)
    assert (game is not None) == claimed
    assert game is None or game.id == game_id
