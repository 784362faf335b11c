"""SQL repositories behind the engine's storage interfaces (Core statements: cheap on the hot path)."""

from __future__ import annotations

from dataclasses import fields
from datetime import datetime
from typing import Any

from sqlalchemy import ColumnElement, Row, case, func, insert, select, update
from sqlalchemy.exc import IntegrityError

from bot.ports import AlreadyAnswered, LinkRejected, SessionAlreadyActive
from bot.records import (
    AnswerRecord,
    MessageLink,
    QuizSession,
    SessionResult,
    SessionState,
    SessionToAnswer,
    UnansweredLink,
    UserRecord,
)
from storage import hot_statements as hot
from storage import tables
from storage.session_changes import SessionChanges, mutable_columns
from storage.statements import StatementRunner, dialect_insert
from storage.sweep_queries import (
    ACTIVE,
    OWNER,
    overdue_query,
    owner_of,
    sessions_with_owner,
    unanswered_query,
    unsent_query,
)

users, sessions, answers, links = map(tables.table_of, (tables.User, tables.Session, tables.Answer, tables.MessageLink))
_owner, _ACTIVE = OWNER, ACTIVE  # the sweeps' own: a lock names the very alias their listings join


class SqlUserRepository:
    def __init__(self, connection: StatementRunner, now: Any) -> None:
        self._connection = connection
        self._now = now

    async def get(self, platform: str, platform_user_id: str) -> UserRecord | None:
        row = (await self._connection.execute(hot.user_by_platform_id(),
                                              {"platform": platform, "platform_user_id": platform_user_id})).first()
        return _user(row) if row else None

    async def by_id(self, user_id: int) -> UserRecord | None:
        row = (await self._connection.execute(select(users).where(users.c.id == user_id))).first()
        return _user(row) if row else None

    async def add(self, user: UserRecord) -> UserRecord:
        """Insert the user, or return the stored one if another request inserted it first."""
        await self._connection.execute(
            dialect_insert(self._connection.dialect.name)(users)
            .values(platform=user.platform, platform_user_id=user.platform_user_id, language=user.language,
                    last_hint=user.last_hint, created_at=self._now())
            .on_conflict_do_nothing(index_elements=["platform", "platform_user_id"])
        )
        stored = await self.get(user.platform, user.platform_user_id)
        if stored is None:
            raise RuntimeError(f"user {user.platform}/{user.platform_user_id} vanished right after its insert")
        return stored

    async def update(self, user: UserRecord) -> None:
        await self._connection.execute(update(users).where(users.c.id == user.id).values(
            language=user.language, last_hint=user.last_hint, time_zone=user.time_zone,
            reminder_time=user.reminder_time, reminder_due=user.reminder_due,
            leaderboard_hidden=user.leaderboard_hidden, reminder_sent_at=user.reminder_sent_at,
            paused_reminder_time=user.paused_reminder_time))

    async def due_reminders(self, platform: str, now: datetime, limit: int) -> list[UserRecord]:
        # SKIP LOCKED: two processes sweeping at once take different learners, so nobody hears twice. Among those
        # of the same minute, the least recently reminded first: one a backlog made too late to send (LATE) is
        # not at the back of that minute again the next day, and every day after.
        query = (select(users).where(users.c.reminder_due <= now, users.c.platform == platform)
                 .order_by(users.c.reminder_due, users.c.reminder_sent_at.asc().nulls_first())
                 .limit(limit).with_for_update(skip_locked=True))
        return [_user(row) for row in await self._connection.execute(query)]

    async def note_hint(self, user: UserRecord) -> None:
        # SKIP LOCKED (PostgreSQL; SQLite has no row locks): a user another transaction holds is left as it is.
        free = select(users.c.id).where(users.c.id == user.id).with_for_update(skip_locked=True).scalar_subquery()
        await self._connection.execute(update(users).where(users.c.id == free).values(last_hint=user.last_hint))


class SqlSessionRepository:
    """Sessions are read to be changed: on PostgreSQL the reads lock the row (FOR UPDATE) until the transaction
    ends, so two processes acting for one learner take turns instead of writing back stale positions.
    SQLite ignores FOR UPDATE; its transactions take turns anyway (BEGIN IMMEDIATE).

    An update writes only the columns changed since this unit of work read the session. A statement of another
    repository that changes the row after that read (as moving a chat does) is not seen: a column then set back
    to the value read would not be written. Such statements run in units of work of their own."""

    def __init__(self, connection: StatementRunner) -> None:
        self._connection = connection
        self._changes = SessionChanges()  # an update writes only what changed since this unit of work read it

    async def get(self, session_id: str) -> QuizSession | None:
        row = (await self._connection.execute(hot.session_by_id(), {"session_id": session_id})).first()
        return self._read(row) if row else None

    async def get_with_owner_activity(self, session_id: str) -> SessionToAnswer | None:
        row = (await self._connection.execute(hot.session_with_owner_activity(), {"session_id": session_id})).first()
        return _to_answer(self._read(row), row) if row else None

    async def get_by_message(self, platform: str, message_key: str) -> tuple[MessageLink, SessionToAnswer] | None:
        row = (await self._connection.execute(hot.session_to_answer_by_link(),
                                              {"platform": platform, "message_key": message_key})).first()
        if row is None:
            return None
        return _link(row, "link_"), _to_answer(self._read(row), row)

    async def overdue(self, platform: str, now: datetime, limit: int) -> list[tuple[QuizSession, UserRecord]]:
        query = overdue_query(self._connection.dialect.name, platform, now, limit)
        # A listing: claim_overdue reads each again to change it.
        return [(_session(row), owner_of(row)) for row in await self._connection.execute(query)]

    async def claim_overdue(self, session_id: str, now: datetime) -> tuple[QuizSession, UserRecord] | None:
        # SKIP LOCKED: a session whose owner or row another transaction holds (a sweep in another process, or
        # the learner acting right now) is left to that transaction; the next sweep looks again if still due.
        row = (await self._connection.execute(
            sessions_with_owner().where(sessions.c.id == session_id, _ACTIVE, sessions.c.question_deadline <= now)
            .with_for_update(of=[_owner, sessions], key_share=True, skip_locked=True))).first()
        return (self._read(row), owner_of(row)) if row else None

    async def unsent(self, platform: str, since: datetime, before: datetime,
                     limit: int) -> list[tuple[QuizSession, UserRecord]]:
        rows = await self._connection.execute(unsent_query(platform, since, before, limit))
        return [(_session(row), owner_of(row)) for row in rows]  # a listing: each is read again to change it

    async def active(self, user_id: int, quiz_id: str | None = None) -> QuizSession | None:
        parameters: dict[str, object] = {"user_id": user_id, "state": SessionState.ACTIVE.value}
        if quiz_id is not None:
            parameters["quiz_id"] = quiz_id
        row = (await self._connection.execute(hot.latest_active_session(quiz_id is not None), parameters)).first()
        return self._read(row) if row else None

    async def latest_ended(self, user_id: int, state: SessionState, quiz_id: str | None = None, *,
                           before: QuizSession | None = None) -> QuizSession | None:
        # Only those with a time to order by: descending, PostgreSQL would put a NULL first.
        query = (select(sessions)
                 .where(sessions.c.user_id == user_id, sessions.c.state == state.value,
                        sessions.c.finished_at.is_not(None))
                 .order_by(sessions.c.finished_at.desc()).limit(1))
        if quiz_id is not None:
            query = query.where(sessions.c.quiz_id == quiz_id)
        if before is not None:
            query = query.where(sessions.c.finished_at <= before.started_at, sessions.c.id != before.id)
        row = (await self._connection.execute(query)).first()
        return _session(row) if row else None  # ended: read, not changed

    async def last_activity(self, user_id: int) -> datetime | None:
        return (await self._connection.execute(hot.last_session_activity(), {"user_id": user_id})).scalar_one_or_none()

    async def add(self, session: QuizSession) -> None:
        try:
            # A savepoint: losing the race to another process must leave this transaction usable.
            async with self._connection.begin_nested():
                await self._connection.execute(insert(sessions).values(
                    id=session.id, user_id=session.user_id, quiz_id=session.quiz_id,
                    question_ids=session.question_ids, started_at=session.started_at,
                    retry_round=session.retry_round, **mutable_columns(session)))
        except IntegrityError as error:
            raise SessionAlreadyActive(session.quiz_id) from error
        self._changes.remember(session)

    async def update(self, session: QuizSession) -> None:
        changed = self._changes.to_write(session)
        if changed:
            await self._connection.execute(hot.update_session(), {"session_id": session.id, **changed})
            self._changes.written(session.id, changed)

    def _read(self, row: Row[Any]) -> QuizSession:
        """The row's session, noted as read: sessions are read to be changed."""
        return self._changes.remember(_session(row))

    async def results(self, user_id: int) -> list[SessionResult]:
        answered = func.count(answers.c.option_id)  # a skip or a time-out is stored with no option
        unanswered = func.count(answers.c.question_id) - answered
        correct = func.coalesce(func.sum(case((answers.c.correct, 1), else_=0)), 0)
        timed_out = func.coalesce(func.sum(case((answers.c.timed_out, 1), else_=0)), 0)
        query = (
            select(sessions.c.quiz_id, sessions.c.state, sessions.c.question_ids, sessions.c.updated_at,
                   sessions.c.retry_round, answered.label("answered"), unanswered.label("unanswered"),
                   correct.label("correct"), timed_out.label("timed_out"))
            .select_from(sessions.outerjoin(answers, answers.c.session_id == sessions.c.id))
            .where(sessions.c.user_id == user_id)
            .group_by(sessions.c.id)
            .order_by(sessions.c.updated_at.desc())
        )
        return [
            SessionResult(row.quiz_id, SessionState(row.state), int(row.correct), int(row.answered),
                          len(row.question_ids), row.updated_at, int(row.unanswered), int(row.timed_out),
                          row.retry_round)
            for row in await self._connection.execute(query)
        ]


class SqlAnswerRepository:
    def __init__(self, connection: StatementRunner) -> None:
        self._connection = connection

    async def add(self, answer: AnswerRecord) -> None:
        result = await self._connection.execute(hot.insert_answer(self._connection.dialect.name), {
            "session_id": answer.session_id, "question_id": answer.question_id, "option_id": answer.option_id,
            "correct": answer.correct, "answered_at": answer.answered_at, "asked": answer.asked,
            "timed_out": answer.timed_out})
        if result.rowcount == 0:
            raise AlreadyAnswered(answer.question_id)

    async def for_session(self, session_id: str) -> list[AnswerRecord]:
        rows = await self._connection.execute(hot.answers_of_session(), {"session_id": session_id})
        return [AnswerRecord(r.session_id, r.question_id, r.option_id, r.correct, r.answered_at, r.asked, r.timed_out)
                for r in rows]


class SqlLinkRepository:
    def __init__(self, connection: StatementRunner) -> None:
        self._connection = connection

    async def add(self, link: MessageLink) -> None:
        try:
            await self._connection.execute(hot.insert_link(), {
                "platform": link.platform, "message_key": link.message_key, "session_id": link.session_id,
                "question_id": link.question_id, "chat_id": link.chat_id, "created_at": link.created_at,
                "message_id": link.message_id, "withdrawn_at": link.withdrawn_at})  # a private question's: at once
        except IntegrityError as error:
            raise LinkRejected(f"{link.platform} message {link.message_key}: {error.orig}") from error

    async def get(self, platform: str, message_key: str) -> MessageLink | None:
        row = (await self._connection.execute(hot.link_by_key(),
                                              {"platform": platform, "message_key": message_key})).first()
        return _link(row) if row else None

    async def latest(self, platform: str, session_id: str, question_id: str) -> MessageLink | None:
        return await self._at_end(platform, session_id, question_id, last=True)

    async def first(self, platform: str, session_id: str, question_id: str) -> MessageLink | None:
        return await self._at_end(platform, session_id, question_id, last=False)

    async def _at_end(self, platform: str, session_id: str, question_id: str, *, last: bool) -> MessageLink | None:
        # Equal times (a frozen clock, the same microsecond) are told apart by the platform id (the latest has the
        # larger, the first the smaller), compared as a number
        # (longer, then by code point): the table keeps no insertion order, and Telegram's message ids and Discord's
        # snowflakes grow with each message. The storage contract holds the fake to the same order.
        message: ColumnElement[str] = func.coalesce(links.c.message_id, links.c.message_key)
        if self._connection.dialect.name == "postgresql":
            message = message.collate("C")  # code point order, as SQLite and Python compare, not the locale's
        row = (await self._connection.execute(
            select(links).where(links.c.session_id == session_id, links.c.platform == platform,
                                links.c.question_id == question_id)
            .order_by(*(order.desc() if last else order.asc()
                        for order in (links.c.created_at, func.length(message), message))).limit(1))).first()
        return _link(row) if row else None

    async def withdraw(self, platform: str, message_key: str, at: datetime) -> None:
        await self._connection.execute(update(links).where(links.c.platform == platform,
                                                           links.c.message_key == message_key)
                                       .values(withdrawn_at=at))

    async def unanswered(self, platform: str, since: datetime, limit: int,
                         older_than: MessageLink | None = None) -> list[UnansweredLink]:
        rows = await self._connection.execute(unanswered_query(platform, since, limit, older_than))
        return [UnansweredLink(_link(row), row.owner_platform_user_id) for row in rows]


def _to_answer(session: QuizSession, row: Row[Any]) -> SessionToAnswer:
    """A session read with what an answer must know of it (hot_statements._session_to_answer's columns)."""
    return SessionToAnswer(session, row.owner_last_activity, bool(row.owner_in_game), bool(row.game_in_its_chat))


def _link(row: Row[Any], prefix: str = "") -> MessageLink:
    """A link from its columns, named with ``prefix`` where it was read beside its session ("link_")."""
    return MessageLink(*(getattr(row, prefix + name) for name in LINK_FIELDS))


LINK_FIELDS = tuple(field.name for field in fields(MessageLink))  # its columns, in its order


def _user(row: Row[Any]) -> UserRecord:
    return UserRecord(row.platform, row.platform_user_id, row.language, row.last_hint, row.id, row.time_zone,
                      row.reminder_time, row.reminder_due, row.leaderboard_hidden, row.reminder_sent_at,
                      row.paused_reminder_time)


def _session(row: Row[Any]) -> QuizSession:
    return QuizSession(
        id=row.id, user_id=row.user_id, quiz_id=row.quiz_id, chat_id=row.chat_id,
        question_ids=list(row.question_ids), option_orders=dict(row.option_orders),
        started_at=row.started_at, updated_at=row.updated_at, position=row.position,
        state=SessionState(row.state), finished_at=row.finished_at, question_deadline=row.question_deadline,
        asked_question=row.asked_question, asked_answer=row.asked_answer, asked_hash=row.asked_hash,
        retry_round=row.retry_round)
