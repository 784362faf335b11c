"""The database schema as typed SQLAlchemy models; Alembic migrations are written against these."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    Float,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    Table,
    UniqueConstraint,
    false,
    text,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

from bot.games.records import PLAYER_NAME_LIMIT
from storage.utc_datetime import UtcDateTime

# A session's question: its own id (a slug, 48 characters at most), or in a review round its quiz's id and its own
# (bot/review_quiz.ref: 97 at most).
QUESTION_REF_LENGTH = 128

# Stable constraint names, so migrations can refer to them on every database.
NAMING_CONVENTION = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}


class Base(DeclarativeBase):
    metadata = MetaData(naming_convention=NAMING_CONVENTION)


def table_of(model: type[Base]) -> Table:
    """The model's table, typed as one (``__table__`` is typed as any FROM clause): what Core's insert takes."""
    return Base.metadata.tables[model.__tablename__]


class User(Base):
    __tablename__ = "users"
    __table_args__ = (
        UniqueConstraint("platform", "platform_user_id"),
        # The reminder sweep reads only learners who asked for reminders, soonest first.
        Index("ix_users_reminder_due", "reminder_due", sqlite_where=text("reminder_due IS NOT NULL"),
              postgresql_where=text("reminder_due IS NOT NULL")),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    platform: Mapped[str] = mapped_column(String(16))
    platform_user_id: Mapped[str] = mapped_column(String(64))
    language: Mapped[str | None] = mapped_column(String(8))
    last_hint: Mapped[str | None] = mapped_column(String(8))
    created_at: Mapped[datetime] = mapped_column(UtcDateTime())
    time_zone: Mapped[str | None] = mapped_column(String(64))  # an IANA name; None: UTC
    reminder_time: Mapped[str | None] = mapped_column(String(5))  # "19:00" local; None: no reminders
    reminder_due: Mapped[datetime | None] = mapped_column(UtcDateTime())  # the next reminder, in UTC
    # Left out of group leaderboards at their request; the default fills in the learners from before 0004.
    leaderboard_hidden: Mapped[bool] = mapped_column(Boolean, server_default=false())
    # When the last reminder was sent, in UTC (0017): None before 0017 or never sent.
    reminder_sent_at: Mapped[datetime | None] = mapped_column(UtcDateTime())
    # The reminder time the bot turned off, the learner out of reach (0018): back on when they talk to it again.
    paused_reminder_time: Mapped[str | None] = mapped_column(String(5))


class Session(Base):
    __tablename__ = "quiz_sessions"
    __table_args__ = (
        Index("ix_quiz_sessions_user_state", "user_id", "state", "updated_at"),
        # At most one active session per user and quiz: a second /quiz resumes the first.
        Index("uq_quiz_sessions_one_active", "user_id", "quiz_id", unique=True,
              sqlite_where=text("state = 'active'"), postgresql_where=text("state = 'active'")),
        # The sweep for questions whose time ran out reads only active sessions, earliest deadline first.
        Index("ix_quiz_sessions_question_deadline", "question_deadline",
              sqlite_where=text("state = 'active'"), postgresql_where=text("state = 'active'")),
    )

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    quiz_id: Mapped[str] = mapped_column(String(64))
    chat_id: Mapped[str | None] = mapped_column(String(64))
    state: Mapped[str] = mapped_column(String(16))
    question_ids: Mapped[list[str]] = mapped_column(JSON)
    option_orders: Mapped[dict[str, list[str]]] = mapped_column(JSON)
    position: Mapped[int] = mapped_column(Integer)
    started_at: Mapped[datetime] = mapped_column(UtcDateTime())
    updated_at: Mapped[datetime] = mapped_column(UtcDateTime())
    finished_at: Mapped[datetime | None] = mapped_column(UtcDateTime())
    question_deadline: Mapped[datetime | None] = mapped_column(UtcDateTime())
    # The question asked_answer is the key of: a review round names it by its quiz too.
    asked_question: Mapped[str | None] = mapped_column(String(QUESTION_REF_LENGTH))
    asked_answer: Mapped[str | None] = mapped_column(String(64))  # its answer key as it was shown
    asked_hash: Mapped[str | None] = mapped_column(String(QUESTION_REF_LENGTH))  # its id and content_hash as shown
    retry_round: Mapped[bool | None] = mapped_column(Boolean)  # QuizSession.retry_round (0024); None: started before it


class Answer(Base):
    __tablename__ = "answers"

    # The primary key is the "first answer is final" rule: one answer per question per session.
    session_id: Mapped[str] = mapped_column(ForeignKey("quiz_sessions.id", ondelete="CASCADE"), primary_key=True)
    question_id: Mapped[str] = mapped_column(String(QUESTION_REF_LENGTH), primary_key=True)
    option_id: Mapped[str | None] = mapped_column(String(64))
    correct: Mapped[bool] = mapped_column(Boolean)
    answered_at: Mapped[datetime] = mapped_column(UtcDateTime())
    asked: Mapped[bool | None] = mapped_column(Boolean)  # AnswerRecord.asked (0020); None: stored before it
    timed_out: Mapped[bool | None] = mapped_column(Boolean)  # AnswerRecord.timed_out (0023); None: stored before it


class MessageLink(Base):
    __tablename__ = "message_links"
    __table_args__ = (
        # The newest first, for Discord's catch-up of votes cast while no process listened: without it, a scan of
        # every link ever sent at each new gateway session (on SQLite, holding up every answer meanwhile).
        Index("ix_message_links_recent", "platform", "created_at"),
    )

    platform: Mapped[str] = mapped_column(String(16), primary_key=True)
    message_key: Mapped[str] = mapped_column(String(128), primary_key=True)
    session_id: Mapped[str] = mapped_column(ForeignKey("quiz_sessions.id", ondelete="CASCADE"), index=True)
    question_id: Mapped[str] = mapped_column(String(QUESTION_REF_LENGTH))
    chat_id: Mapped[str | None] = mapped_column(String(64))
    created_at: Mapped[datetime] = mapped_column(UtcDateTime())
    message_id: Mapped[str | None] = mapped_column(String(64))  # Telegram: a poll's key is not its message's id
    withdrawn_at: Mapped[datetime | None] = mapped_column(UtcDateTime())  # deleted while a game held its question


class Card(Base):
    """A learner's memory of one question, as FSRS models it: plain columns, the row's id is FSRS's card_id."""

    __tablename__ = "cards"
    __table_args__ = (
        UniqueConstraint("user_id", "quiz_id", "question_id"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    quiz_id: Mapped[str] = mapped_column(String(64))
    question_id: Mapped[str] = mapped_column(String(64))
    content_hash: Mapped[str] = mapped_column(String(16))  # the question as it was reviewed; a change resets
    state: Mapped[int] = mapped_column(Integer)  # FSRS: 1 learning, 2 review, 3 relearning
    step: Mapped[int | None] = mapped_column(Integer)
    stability: Mapped[float | None] = mapped_column(Float)
    difficulty: Mapped[float | None] = mapped_column(Float)
    due: Mapped[datetime] = mapped_column(UtcDateTime())
    last_review: Mapped[datetime | None] = mapped_column(UtcDateTime())


class ReviewLog(Base):
    """Every scored answer: the data for FSRS's optimizer and for item statistics."""

    __tablename__ = "review_logs"
    __table_args__ = (
        Index("ix_review_logs_user_time", "user_id", "reviewed_at"),
        Index("ix_review_logs_question", "quiz_id", "question_id"),
    )

    # 64 bits on PostgreSQL (0014): a row per scored answer. SQLite's INTEGER key is 64 bits, and a BIGINT there
    # would not be the rowid, so would get no id of its own.
    id: Mapped[int] = mapped_column(BigInteger().with_variant(Integer, "sqlite"), primary_key=True,
                                    autoincrement=True)
    card_id: Mapped[int] = mapped_column(ForeignKey("cards.id", ondelete="CASCADE"), index=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    quiz_id: Mapped[str] = mapped_column(String(64))
    question_id: Mapped[str] = mapped_column(String(64))
    rating: Mapped[int] = mapped_column(Integer)  # FSRS: 1 again, 3 good
    reviewed_at: Mapped[datetime] = mapped_column(UtcDateTime())
    duration_ms: Mapped[int | None] = mapped_column(Integer)  # from the question shown to the answer
    option_id: Mapped[str | None] = mapped_column(String(64))  # None: the time ran out
    language: Mapped[str] = mapped_column(String(8))  # the language the question was shown in
    content_hash: Mapped[str] = mapped_column(String(16))
    # The learner's clock when they answered, minutes from UTC (0016): the day they played. None before 0016.
    utc_offset_minutes: Mapped[int | None] = mapped_column(Integer)


# The states of a live game (bot/games/records.py LIVE_STATES), in a fixed order: the partial indexes below and
# the queries that use them must spell the predicate alike, or the planners won't match them.
LIVE_GAME_STATES = ("lobby", "asking", "showing")
LIVE_GAME = text(f"state IN ({', '.join(repr(state) for state in LIVE_GAME_STATES)})")


class Chat(Base):
    """A group chat's (or server channel's) own settings, chosen by its admins."""

    __tablename__ = "chats"

    platform: Mapped[str] = mapped_column(String(16), primary_key=True)
    chat_id: Mapped[str] = mapped_column(String(64), primary_key=True)
    language: Mapped[str | None] = mapped_column(String(8))
    updated_at: Mapped[datetime] = mapped_column(UtcDateTime())
    greeted_at: Mapped[datetime | None] = mapped_column(UtcDateTime())  # the bot last said hello there, added


class ContentState(Base):
    """What every process should serve: the fingerprint of the content an admin last reloaded (one row)."""

    __tablename__ = "content_state"

    name: Mapped[str] = mapped_column(String(32), primary_key=True)
    fingerprint: Mapped[str] = mapped_column(String(64))
    changed_at: Mapped[datetime] = mapped_column(UtcDateTime())


class Game(Base):
    """A group game: a whole chat plays one quiz together."""

    __tablename__ = "games"
    __table_args__ = (
        # One live game per chat: a second start in the same chat finds the first.
        Index("uq_games_one_live", "platform", "chat_id", unique=True,
              sqlite_where=LIVE_GAME, postgresql_where=LIVE_GAME),
        # The sweep for phases whose time is up reads only live games, earliest deadline first.
        Index("ix_games_deadline", "deadline", sqlite_where=LIVE_GAME, postgresql_where=LIVE_GAME),
        Index("ix_games_scope", "platform", "scope_id"),  # a group's games, for its leaderboard
    )

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    platform: Mapped[str] = mapped_column(String(16))
    chat_id: Mapped[str] = mapped_column(String(64))
    scope_id: Mapped[str] = mapped_column(String(64))  # whose leaderboard it counts for
    quiz_id: Mapped[str] = mapped_column(String(64))
    starter_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    language: Mapped[str] = mapped_column(String(8))
    state: Mapped[str] = mapped_column(String(16))
    question_ids: Mapped[list[str]] = mapped_column(JSON)
    option_orders: Mapped[dict[str, list[str]]] = mapped_column(JSON)
    question_seconds: Mapped[int] = mapped_column(Integer)
    position: Mapped[int] = mapped_column(Integer)
    deadline: Mapped[datetime | None] = mapped_column(UtcDateTime())
    asked_at: Mapped[datetime | None] = mapped_column(UtcDateTime())
    created_at: Mapped[datetime] = mapped_column(UtcDateTime())
    updated_at: Mapped[datetime] = mapped_column(UtcDateTime())
    finished_at: Mapped[datetime | None] = mapped_column(UtcDateTime())
    lobby_message: Mapped[str | None] = mapped_column(String(64))
    question_message: Mapped[str | None] = mapped_column(String(64))
    # The open question's answer as its poll showed it, and that question's id (bot/games/records.py)
    asked_question: Mapped[str | None] = mapped_column(String(64))
    asked_answer: Mapped[str | None] = mapped_column(String(64))
    # What each option of each question asked said then (0019); None: a game from before it
    option_digests: Mapped[dict[str, dict[str, str]] | None] = mapped_column(JSON)


class GamePlayer(Base):
    __tablename__ = "game_players"

    game_id: Mapped[str] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), primary_key=True)
    # Indexed: a learner's totals, and their latest name in a leaderboard, start from their own rows.
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), primary_key=True, index=True)
    name: Mapped[str] = mapped_column(String(PLAYER_NAME_LIMIT))
    joined_at: Mapped[datetime] = mapped_column(UtcDateTime())
    joined_position: Mapped[int] = mapped_column(Integer)
    score: Mapped[int] = mapped_column(Integer)
    correct: Mapped[int] = mapped_column(Integer)
    answered: Mapped[int] = mapped_column(Integer)
    answer_ms: Mapped[int] = mapped_column(Integer)
    rank: Mapped[int | None] = mapped_column(Integer)
    left_position: Mapped[int | None] = mapped_column(Integer)  # left the chat before this question
    away_questions: Mapped[int] = mapped_column(Integer, server_default=text("0"))  # asked while they were gone


class GameAnswer(Base):
    """One player's answer to one question of a game.

    No index of its own: a leaderboard finds the group's games through ix_games_scope, then their answers
    through this primary key, whose first column is game_id."""

    __tablename__ = "game_answers"

    # The primary key is the "first answer is final" rule: one answer per player per question of a game.
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), primary_key=True)
    position: Mapped[int] = mapped_column(Integer, primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), primary_key=True)
    option_id: Mapped[str] = mapped_column(String(64))
    correct: Mapped[bool] = mapped_column(Boolean)
    points: Mapped[int] = mapped_column(Integer)
    answer_ms: Mapped[int] = mapped_column(Integer)
    answered_at: Mapped[datetime] = mapped_column(UtcDateTime())


class GameMessage(Base):
    """A platform message (a Telegram poll) that asks one question of one game."""

    __tablename__ = "game_messages"

    platform: Mapped[str] = mapped_column(String(16), primary_key=True)
    message_key: Mapped[str] = mapped_column(String(128), primary_key=True)
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), index=True)
    position: Mapped[int] = mapped_column(Integer)
