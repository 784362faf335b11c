"""In-memory implementations of bot/ports.py: the engine's storage without a database."""

from __future__ import annotations

import asyncio
import copy
import itertools
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field, replace
from datetime import datetime
from types import TracebackType
from typing import Self

from bot.games.ports import ChatRepository, GameRepository
from bot.games.records import GameAnswerRecord, GameMessageLink, GameRecord, PlayerRecord
from bot.ports import (
    AnswerRepository,
    CardRepository,
    ContentStateRepository,
    LinkRepository,
    ReviewLogRepository,
    SessionAlreadyActive,
    SessionRepository,
    UserRepository,
)
from bot.records import (
    AnswerRecord,
    CardRecord,
    MessageLink,
    QuizSession,
    ReviewRecord,
    SessionResult,
    SessionState,
    SessionToAnswer,
    UserRecord,
)
from tests.fakes.answers import FakeAnswerRepository, FakeLinkRepository
from tests.fakes.clock import utc
from tests.fakes.committed_rows import publish
from tests.fakes.games import FakeChatRepository, FakeGameRepository
from tests.fakes.memory import FakeCardRepository, FakeContentStateRepository, FakeReviewLogRepository


def stored_session(session: QuizSession) -> QuizSession:
    return replace(copy.deepcopy(session), started_at=utc(session.started_at), updated_at=utc(session.updated_at),
                   finished_at=utc(session.finished_at), question_deadline=utc(session.question_deadline))


@dataclass
class FakeState:
    """Everything stored; a unit of work edits a private copy and publishes it on commit."""

    users: dict[tuple[str, str], UserRecord] = field(default_factory=dict)
    sessions: dict[str, QuizSession] = field(default_factory=dict)
    answers: dict[tuple[str, str], AnswerRecord] = field(default_factory=dict)
    links: dict[tuple[str, str], MessageLink] = field(default_factory=dict)
    cards: dict[int, CardRecord] = field(default_factory=dict)
    reviews: dict[int, ReviewRecord] = field(default_factory=dict)
    games: dict[str, GameRecord] = field(default_factory=dict)
    players: dict[tuple[str, int], PlayerRecord] = field(default_factory=dict)
    game_answers: dict[tuple[str, int, int], GameAnswerRecord] = field(default_factory=dict)
    game_links: dict[tuple[str, str], GameMessageLink] = field(default_factory=dict)
    chats: dict[tuple[str, str], str | None] = field(default_factory=dict)  # the chat's language
    greeted: dict[tuple[str, str], datetime] = field(default_factory=dict)  # when the bot last greeted the chat
    content: dict[str, str] = field(default_factory=dict)  # "catalog": the fingerprint last reloaded


class FakeDatabase:
    """The committed state shared by every unit of work made from it, plus a commit counter."""

    def __init__(self) -> None:
        self.state = FakeState()
        self.commits = 0
        self.user_ids = itertools.count(1)  # like a database sequence: never rolled back
        self.card_ids = itertools.count(1)
        self.review_ids = itertools.count(1)
        self.failing: Exception | None = None  # raised by every commit while set: a database gone away
        self.unreachable: Exception | None = None  # raised on opening every unit of work while set: an outage
        self.stalled: asyncio.Event | None = None  # opening hangs until set, cancelled too: a stuck connection
        self.after_commit: Callable[[], Awaitable[None]] | None = None  # awaited once a commit is published

    def unit_of_work(self) -> FakeUnitOfWork:
        return FakeUnitOfWork(self)


class FakeUserRepository:
    def __init__(self, state: FakeState, user_ids: itertools.count[int]) -> None:
        self._state = state
        self._user_ids = user_ids

    async def get(self, platform: str, platform_user_id: str) -> UserRecord | None:
        user = self._state.users.get((platform, platform_user_id))
        return copy.deepcopy(user)

    async def by_id(self, user_id: int) -> UserRecord | None:
        return next((copy.deepcopy(user) for user in self._state.users.values() if user.id == user_id), None)

    async def add(self, user: UserRecord) -> UserRecord:
        key = (user.platform, user.platform_user_id)
        if key not in self._state.users:  # like INSERT ... ON CONFLICT DO NOTHING
            self._state.users[key] = replace(user, id=next(self._user_ids))
        return copy.deepcopy(self._state.users[key])

    async def update(self, user: UserRecord) -> None:
        self._state.users[(user.platform, user.platform_user_id)] = replace(
            copy.deepcopy(user), reminder_due=utc(user.reminder_due), reminder_sent_at=utc(user.reminder_sent_at))

    async def note_hint(self, user: UserRecord) -> None:
        self._state.users[(user.platform, user.platform_user_id)].last_hint = user.last_hint

    async def due_reminders(self, platform: str, now: datetime, limit: int) -> list[UserRecord]:
        due = sorted((user for user in self._state.users.values() if user.platform == platform
                      and user.reminder_due is not None and user.reminder_due <= now),
                     key=lambda user: (user.reminder_due or now, user.reminder_sent_at is not None,  # NULLS FIRST
                                       user.reminder_sent_at or now))
        return copy.deepcopy(due[:limit])


class FakeSessionRepository:
    def __init__(self, state: FakeState) -> None:
        self._state = state

    async def get(self, session_id: str) -> QuizSession | None:
        return copy.deepcopy(self._state.sessions.get(session_id))

    async def _with_owner(self, session_id: str) -> tuple[QuizSession, UserRecord] | None:
        session = self._state.sessions.get(session_id)
        owner = next((user for user in self._state.users.values() if session and user.id == session.user_id), None)
        if session is None or owner is None:
            return None
        return copy.deepcopy(session), copy.deepcopy(owner)

    async def active(self, user_id: int, quiz_id: str | None = None) -> QuizSession | None:
        mine = [s for s in self._state.sessions.values()
                if s.user_id == user_id and s.state is SessionState.ACTIVE and quiz_id in (None, s.quiz_id)]
        # max() keeps the first of equal keys; reversed() makes ties go to the latest added, as a stable sort would.
        latest = max(reversed(mine), key=lambda s: s.updated_at, default=None)
        return copy.deepcopy(latest)

    async def latest_ended(self, user_id: int, state: SessionState, quiz_id: str | None = None, *,
                           before: QuizSession | None = None) -> QuizSession | None:
        mine = [s for s in self._state.sessions.values()
                if s.user_id == user_id and s.state is state and s.finished_at is not None
                and quiz_id in (None, s.quiz_id)
                and (before is None or (s.finished_at <= before.started_at and s.id != before.id))]
        return copy.deepcopy(max(reversed(mine), key=lambda s: s.finished_at or s.updated_at, default=None))

    async def get_with_owner_activity(self, session_id: str) -> SessionToAnswer | None:
        session = await self.get(session_id)
        latest = await self.last_activity(session.user_id) if session else None
        if session is None or latest is None:
            return None
        live = [game for game in self._state.games.values() if game.quiz_id == session.quiz_id and game.state.live]
        platform = next(key[0] for key, user in self._state.users.items() if user.id == session.user_id)
        return SessionToAnswer(session, latest, any((game.id, session.user_id) in self._state.players for game in live),
                               any((game.platform, game.chat_id) == (platform, session.chat_id) for game in live))

    async def get_by_message(self, platform: str, message_key: str) -> tuple[MessageLink, SessionToAnswer] | None:
        link = self._state.links.get((platform, message_key))
        found = await self.get_with_owner_activity(link.session_id) if link else None
        return (link, found) if link and found else None

    async def last_activity(self, user_id: int) -> datetime | None:
        return max((s.updated_at for s in self._state.sessions.values() if s.user_id == user_id), default=None)

    async def add(self, session: QuizSession) -> None:
        if session.id in self._state.sessions:
            raise ValueError(f"session {session.id} exists")
        if session.state is SessionState.ACTIVE and any(
                s.user_id == session.user_id and s.quiz_id == session.quiz_id and s.state is SessionState.ACTIVE
                for s in self._state.sessions.values()):
            raise SessionAlreadyActive(session.quiz_id)  # the unique index in storage/
        self._state.sessions[session.id] = stored_session(session)

    async def update(self, session: QuizSession) -> None:
        self._state.sessions[session.id] = stored_session(session)

    async def overdue(self, platform: str, now: datetime, limit: int) -> list[tuple[QuizSession, UserRecord]]:
        owners = {user.id: user for user in self._state.users.values() if user.platform == platform}
        due = sorted((s for s in self._state.sessions.values()
                      if s.state is SessionState.ACTIVE and s.user_id in owners
                      and s.question_deadline is not None and s.question_deadline <= now),
                     key=lambda s: s.question_deadline or now)
        return [(copy.deepcopy(s), copy.deepcopy(owners[s.user_id])) for s in due[:limit]]

    async def claim_overdue(self, session_id: str, now: datetime) -> tuple[QuizSession, UserRecord] | None:
        # No other transaction runs beside the fake's: nothing is ever skipped.
        found = await self._with_owner(session_id)
        if found is None or found[0].state is not SessionState.ACTIVE or found[0].question_deadline is None \
                or found[0].question_deadline > now:
            return None
        return found

    async def unsent(self, platform: str, since: datetime, before: datetime,
                     limit: int) -> list[tuple[QuizSession, UserRecord]]:
        owners = {user.id: user for user in self._state.users.values() if user.platform == platform}
        found = sorted((s for s in self._state.sessions.values()
                        if s.state is SessionState.ACTIVE and s.user_id in owners and since <= s.updated_at < before
                        and (asked := [link.created_at for link in self._state.links.values()
                                       if link.platform == platform and link.session_id == s.id])
                        and max(asked) < s.updated_at), key=lambda s: s.updated_at)
        return [(copy.deepcopy(s), copy.deepcopy(owners[s.user_id])) for s in found[:limit]]

    async def results(self, user_id: int) -> list[SessionResult]:
        results = []
        for session in (session for session in self._state.sessions.values() if session.user_id == user_id):
            answers = [a for a in self._state.answers.values() if a.session_id == session.id]
            unanswered = sum(a.option_id is None for a in answers)
            results.append(SessionResult(session.quiz_id, session.state, sum(a.correct for a in answers),
                                         len(answers) - unanswered, len(session.question_ids), session.updated_at,
                                         unanswered, sum(bool(a.timed_out) for a in answers),
                                         session.retry_round))
        return sorted(results, key=lambda result: result.updated_at, reverse=True)


class _Over:
    """Every repository of a unit of work that is over: any call is refused, as the real units of work refuse it
    (storage/statements.Leavable)."""

    def __init__(self, how: str) -> None:
        self._how = how

    def __getattr__(self, name: str) -> Callable[..., Awaitable[None]]:
        async def refused(*_args: object, **_kwargs: object) -> None:
            raise RuntimeError(f"a statement after its unit of work {self._how}")
        return refused


class FakeUnitOfWork:
    """Copies the committed state on enter and publishes the rows it changed on commit; else drops them. Once
    committed or left, it refuses everything, as the real ones do."""

    # Typed as the ports (protocol attributes are invariant), as storage/repository_set.py does.
    users: UserRepository
    sessions: SessionRepository
    answers: AnswerRepository
    links: LinkRepository
    cards: CardRepository
    reviews: ReviewLogRepository
    games: GameRepository
    chats: ChatRepository
    content: ContentStateRepository

    def __init__(self, database: FakeDatabase) -> None:
        self._database = database
        self._snapshot = FakeState()
        self._working: FakeState | None = None
        self._over: str | None = None  # "committed" or "ended"

    async def __aenter__(self) -> Self:
        if self._database.unreachable is not None:
            raise self._database.unreachable
        if self._database.stalled is not None:
            await _stuck(self._database.stalled)
        self._snapshot = copy.deepcopy(self._database.state)
        self._working = copy.deepcopy(self._snapshot)
        self.users = FakeUserRepository(self._working, self._database.user_ids)
        self.sessions = FakeSessionRepository(self._working)
        self.answers = FakeAnswerRepository(self._working)
        self.links = FakeLinkRepository(self._working)
        self.cards = FakeCardRepository(self._working.cards, self._database.card_ids)
        self.reviews = FakeReviewLogRepository(self._working.reviews, self._database.review_ids)
        self.games = FakeGameRepository(self._working)
        self.chats = FakeChatRepository(self._working)
        self.content = FakeContentStateRepository(self._working.content)
        return self

    async def __aexit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                        tb: TracebackType | None) -> None:
        self._working = None  # anything not committed is gone
        self._leave("ended")

    async def commit(self) -> None:
        if self._over is not None:
            raise RuntimeError(f"a commit after its unit of work {self._over}")
        assert self._working is not None, "commit outside the unit of work"
        if self._database.failing is not None:
            raise self._database.failing
        publish(self._snapshot, self._working, self._database.state)  # what PostgreSQL would refuse, it refuses
        self._snapshot = copy.deepcopy(self._working)
        self._database.commits += 1
        self._leave("committed")
        if self._database.after_commit is not None:
            await self._database.after_commit()

    def _leave(self, how: str) -> None:
        self._over = self._over or how
        over = _Over(self._over)
        for name in FakeUnitOfWork.__annotations__:  # the repositories, as declared above
            setattr(self, name, over)


async def _stuck(until: asyncio.Event) -> None:
    """A connection stuck in a query, on a server that stopped answering: cancelled, it waits for its ROLLBACK."""
    try:
        await until.wait()
    finally:  # set by then unless cancelled: then the ROLLBACK on the same stuck connection waits too
        await until.wait()
