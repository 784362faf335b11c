"""The sweeps' listings (overdue questions, unanswered and unsent ones): sessions with their owners, few
columns, through the indexes they were made for."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import Row, Select, and_, literal_column, or_, select

from bot.records import MessageLink, SessionState, UserRecord
from storage import tables

users, sessions, answers, links = map(tables.table_of, (tables.User, tables.Session, tables.Answer, tables.MessageLink))
OWNER = users.alias("owner")
# 'active' as a literal, not a bound parameter: only then can the planner match the partial index.
ACTIVE = sessions.c.state == literal_column(f"'{SessionState.ACTIVE.value}'")


def sessions_with_owner() -> Select[Any]:
    """Sessions with their owner's columns, prefixed ``owner_``: one look-up instead of two (for the sweeps)."""
    return (select(sessions, *(column.label(f"owner_{column.name}") for column in OWNER.c))
            .join(OWNER, OWNER.c.id == sessions.c.user_id))


def unanswered_query(platform: str, since: datetime, limit: int, older_than: MessageLink | None = None) -> Select[Any]:
    """The platform's links since ``since`` still asking an active session's unanswered question, newest first (then
    by key, so that a page ends where the next begins: those listed after ``older_than``): walked back through
    ix_message_links_recent until ``limit`` are found, not every link ever sent."""
    answered = select(answers.c.session_id).where(answers.c.session_id == links.c.session_id,
                                                  answers.c.question_id == links.c.question_id)
    return (select(links, OWNER.c.platform_user_id.label("owner_platform_user_id"))
            .join(sessions, sessions.c.id == links.c.session_id).join(OWNER, OWNER.c.id == sessions.c.user_id)
            .where(links.c.platform == platform, links.c.created_at >= since, links.c.withdrawn_at.is_(None),
                   ACTIVE, ~answered.exists(), *_listed_after(older_than))
            .order_by(links.c.created_at.desc(), links.c.message_key.desc()).limit(limit))


def _listed_after(link: MessageLink | None) -> list[Any]:
    """Conditions for the links unanswered_query lists after ``link`` (none: from the first)."""
    if link is None:
        return []
    return [links.c.created_at <= link.created_at,  # the index's range; the rest breaks the ties
            or_(links.c.created_at < link.created_at,
                and_(links.c.created_at == link.created_at, links.c.message_key < link.message_key))]


def unsent_query(platform: str, since: datetime, before: datetime, limit: int) -> Select[Any]:
    """Active sessions of the platform moved on in [since, before) with a link on it, none as new as the move."""
    linked = select(links.c.session_id).where(links.c.session_id == sessions.c.id, links.c.platform == platform)
    since_moved = linked.where(links.c.created_at >= sessions.c.updated_at)
    return (sessions_with_owner().where(ACTIVE, OWNER.c.platform == platform, sessions.c.updated_at >= since,
                                        sessions.c.updated_at < before, linked.exists(), ~since_moved.exists())
            .order_by(sessions.c.updated_at).limit(limit))


def overdue_query(dialect: str, platform: str, now: datetime, limit: int) -> Select[Any]:
    """Active sessions of the platform past their question deadline, through the partial deadline index."""
    # SQLite keeps no statistics unless ANALYZE ran, and would rather walk every user of the platform;
    # a unary + on the column keeps it from using that index, so it takes the few overdue sessions instead.
    platform_column = literal_column(f"+{OWNER.name}.platform") if dialect == "sqlite" else OWNER.c.platform
    return (sessions_with_owner().where(ACTIVE, sessions.c.question_deadline <= now, platform_column == platform)
            .order_by(sessions.c.question_deadline).limit(limit))


def owner_of(row: Row[Any]) -> UserRecord:
    return UserRecord(row.owner_platform, row.owner_platform_user_id, row.owner_language, row.owner_last_hint,
                      row.owner_id, row.owner_time_zone, row.owner_reminder_time, row.owner_reminder_due,
                      row.owner_leaderboard_hidden, row.owner_reminder_sent_at, row.owner_paused_reminder_time)
