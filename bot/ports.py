"""The storage interfaces the engine depends on; storage/ implements them, tests fake them."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from types import TracebackType
from typing import Protocol, Self

from bot.games.ports import ChatRepository, GameRepository
from bot.records import (
    AnswerRecord,
    CardRecord,
    MessageLink,
    QuizSession,
    ReviewRecord,
    SessionResult,
    SessionState,
    SessionToAnswer,
    UnansweredLink,
    UserRecord,
)


class AlreadyAnswered(Exception):
    """The question already has an answer in this session: the first one is final."""


class SessionAlreadyActive(Exception):
    """The user already has an active session of this quiz, started elsewhere a moment ago."""


class StorageBusy(Exception):
    """A transaction lost a race it may win if tried again (SQLite busy, a PostgreSQL deadlock or serialization
    failure); nothing of it was kept."""

    # False for an action run again because a transaction it shared with others was rolled back (on PostgreSQL):
    # the storage counts that once for the transaction, not once for each of its members as a lost race.
    lost_race = True


class LinkRejected(Exception):
    """The database refused one message link (its session is gone, or its key is taken): about that link alone,
    not the database."""


class WriterClosed(RuntimeError):
    """The storage was closed for good (at shutdown) before an action's COMMIT: nothing of it was kept. SQLite's
    writer raises it, and PostgreSQL's units of work once closed; the adapters log it as "shutting down"."""


class UserRepository(Protocol):
    async def get(self, platform: str, platform_user_id: str) -> UserRecord | None:
        """The user, locked until the transaction ends: every action locks its user first, then sessions, so
        actions in several processes take turns per user instead of deadlocking."""
        ...
    async def add(self, user: UserRecord) -> UserRecord: ...
    async def by_id(self, user_id: int) -> UserRecord | None:
        """The user with this stored id, read without a lock (to open their turn with ``get``)."""
        ...
    async def update(self, user: UserRecord) -> None: ...
    async def due_reminders(self, platform: str, now: datetime, limit: int) -> list[UserRecord]:
        """Learners of the platform whose reminder is due, soonest first, locked so that no other process
        claims them too (PostgreSQL skips the ones another transaction holds)."""
        ...
    async def note_hint(self, user: UserRecord) -> None:
        """Store ``user.last_hint``, unless another transaction holds the user: a hint isn't worth waiting for,
        and an answer waiting for the user while holding its session could deadlock with a resume."""
        ...


class SessionRepository(Protocol):
    async def get(self, session_id: str) -> QuizSession | None:
        """The session, locked for a change (after its user, whom the turn locked first)."""
        ...
    async def get_with_owner_activity(self, session_id: str) -> SessionToAnswer | None:
        """The session, locked as ``get`` locks it, with what an answer to it needs to know of its owner (one
        read)."""
        ...
    async def get_by_message(self, platform: str, message_key: str) -> tuple[MessageLink, SessionToAnswer] | None:
        """The link of a platform message that asks a question (LinkRepository.get's), and the session it asks
        for, read as ``get_with_owner_activity`` reads it (one read: a vote on a poll needs both); None for a
        message no question is tied to."""
        ...
    async def active(self, user_id: int, quiz_id: str | None = None) -> QuizSession | None:
        """The user's most recently updated active session, optionally of one quiz."""
        ...
    async def latest_ended(self, user_id: int, state: SessionState, quiz_id: str | None = None, *,
                           before: QuizSession | None = None) -> QuizSession | None:
        """The user's session that most recently ended in ``state``, finished or stopped, optionally of one quiz
        (for "retry" without naming it); with ``before``, of those other than it that ended by the time it
        started (what a retry round retried)."""
        ...
    async def last_activity(self, user_id: int) -> datetime | None:
        """When the user's most recently updated session, in any state, was updated."""
        ...
    async def add(self, session: QuizSession) -> None:
        """Store a new session; raises SessionAlreadyActive if the user has an active one of the quiz."""
        ...
    async def update(self, session: QuizSession) -> None: ...
    async def results(self, user_id: int) -> list[SessionResult]: ...
    async def overdue(self, platform: str, now: datetime, limit: int) -> list[tuple[QuizSession, UserRecord]]:
        """Active sessions of the platform's users whose question deadline is at or before ``now``, earliest first
        (not locked: a sweep claims each with ``claim_overdue``)."""
        ...
    async def claim_overdue(self, session_id: str, now: datetime) -> tuple[QuizSession, UserRecord] | None:
        """The session and its owner, both locked (owner first), if it is still active and past its deadline
        and no other transaction holds either (PostgreSQL skips locked rows: two sweepers never take the same
        session, and neither waits for the other); else None."""
        ...
    async def unsent(self, platform: str, since: datetime, before: datetime,
                     limit: int) -> list[tuple[QuizSession, UserRecord]]:
        """Active sessions of the platform's users last moved on in [since, before) that a message on the platform
        asked a question of, but none since: their open question's message may never have gone out (not locked)."""
        ...


class AnswerRepository(Protocol):
    async def add(self, answer: AnswerRecord) -> None:
        """Record an answer; raises AlreadyAnswered if the question has one."""
        ...
    async def for_session(self, session_id: str) -> list[AnswerRecord]: ...


class LinkRepository(Protocol):
    async def add(self, link: MessageLink) -> None:
        """LinkRejected if the message is linked already or its session is gone."""
        ...
    async def get(self, platform: str, message_key: str) -> MessageLink | None: ...
    async def latest(self, platform: str, session_id: str, question_id: str) -> MessageLink | None:
        """The most recent message on the platform that asked this question of this session; of links stored at
        the same moment, the one with the larger platform id (its message id if kept, else its key), compared as
        a number: longer first, then by code point."""
        ...
    async def first(self, platform: str, session_id: str, question_id: str) -> MessageLink | None:
        """The earliest such message (withdrawn too), in the reverse of latest's order."""
        ...
    async def withdraw(self, platform: str, message_key: str, at: datetime) -> None:
        """Mark the message taken away (deleted) at ``at``: it stays found, with ``withdrawn_at`` set."""
        ...
    async def unanswered(self, platform: str, since: datetime, limit: int,
                         older_than: MessageLink | None = None) -> list[UnansweredLink]:
        """The platform's messages linked at or after ``since``, not withdrawn, that ask a question of an active
        session with no answer to it yet; newest first (equal times by key, descending), at most ``limit``; only
        those listed after ``older_than`` (the previous page's last), if given."""
        ...


class CardRepository(Protocol):
    async def get(self, user_id: int, quiz_id: str, question_id: str) -> CardRecord | None: ...
    async def add(self, card: CardRecord) -> CardRecord:
        """Store a new card and return it with its id."""
        ...
    async def update(self, card: CardRecord) -> None: ...
    async def of_user(self, user_id: int) -> list[CardRecord]: ...


class ReviewLogRepository(Protocol):
    async def add(self, review: ReviewRecord) -> None: ...
    async def of_user(self, user_id: int, since: datetime) -> list[ReviewRecord]:
        """The learner's reviews since ``since``, oldest first (streaks and the progress chart)."""
        ...
    async def of_quiz(self, quiz_id: str | None) -> list[ReviewRecord]:
        """Every review of a quiz's questions (all quizzes for None), for item statistics."""
        ...


class ContentStateRepository(Protocol):
    """What content every process should serve: the fingerprint of the content an admin last reloaded."""

    async def fingerprint(self) -> str | None:
        """None until the first reload."""
        ...

    async def set_fingerprint(self, fingerprint: str, at: datetime) -> None: ...


class UnitOfWork(Protocol):
    """One transaction: changes are kept only if ``commit`` is called before the block ends."""

    users: UserRepository
    sessions: SessionRepository
    answers: AnswerRepository
    links: LinkRepository
    cards: CardRepository
    reviews: ReviewLogRepository
    games: GameRepository
    chats: ChatRepository
    content: ContentStateRepository

    async def __aenter__(self) -> Self: ...
    async def __aexit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None: ...
    async def commit(self) -> None: ...


UnitOfWorkFactory = Callable[[], UnitOfWork]
