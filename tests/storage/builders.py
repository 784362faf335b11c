"""Small builders for stored records, so each contract test states only what it is about."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime

from bot.games.records import GameRecord, GameState
from bot.ports import UnitOfWork
from bot.records import QuizSession, SessionState, UserRecord
from tests.fakes.clock import START


async def stored_user(uow: Callable[[], UnitOfWork], user_id: str = "alice", platform: str = "telegram") -> int:
    """Add a user in its own committed transaction and return the id storage gave it."""
    async with uow() as work:
        user = await work.users.add(UserRecord(platform, user_id))
        await work.commit()
    assert user.id is not None
    return user.id


def a_session(user_id: int, session_id: str = "s1", quiz_id: str = "collectives", *,
              state: SessionState = SessionState.ACTIVE, updated_at: datetime = START,
              question_deadline: datetime | None = None) -> QuizSession:
    return QuizSession(
        id=session_id,
        user_id=user_id,
        quiz_id=quiz_id,
        chat_id="chat-1",
        question_ids=["q1", "q2", "q3"],
        option_orders={"q1": ["b", "a", "c"], "q2": ["y", "x"], "q3": ["m", "n"]},
        started_at=START,
        updated_at=updated_at,
        state=state,
        finished_at=updated_at if state is not SessionState.ACTIVE else None,
        question_deadline=question_deadline,
    )


async def stored_session(uow: Callable[[], UnitOfWork], session: QuizSession) -> QuizSession:
    async with uow() as work:
        await work.sessions.add(session)
        await work.commit()
    return session


def a_game(starter_id: int, game_id: str = "g1", chat_id: str = "chat-1", *, platform: str = "telegram",
           scope_id: str = "group-1", state: GameState = GameState.LOBBY, deadline: datetime | None = None,
           created_at: datetime = START) -> GameRecord:
    return GameRecord(
        id=game_id, platform=platform, chat_id=chat_id, scope_id=scope_id, quiz_id="collectives",
        starter_id=starter_id, language="en", question_ids=["q1", "q2", "q3"],
        option_orders={"q1": ["b", "a", "c"], "q2": ["y", "x"], "q3": ["m", "n"]}, question_seconds=20,
        created_at=created_at, updated_at=created_at, state=state, deadline=deadline,
        finished_at=created_at if not state.live else None)


async def stored_games(uow: Callable[[], UnitOfWork], *games: GameRecord) -> None:
    async with uow() as work:
        for game in games:
            await work.games.add(game)
        await work.commit()
