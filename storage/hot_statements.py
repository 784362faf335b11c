"""The statements of every answer, built once: SQLAlchemy then reuses their cache keys and compiled SQL.

Building a Core statement and its cache key costs more than SQLite takes to run it, so the answer's hot path
uses these, with bound parameters. Each is built on first use (nothing runs at import time), and marked to run
from a plan (storage/planned.py): on SQLite's writer, and on the asyncpg connection (storage/server_statements.py).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache, wraps
from typing import Any, TypeVar

from sqlalchemy import Insert, Select, Update, bindparam, func, insert, literal_column, select, update

from storage import tables
from storage.game_repositories import live
from storage.planned import PLANNED
from storage.statements import dialect_insert

users, sessions, answers, links = map(tables.table_of, (tables.User, tables.Session, tables.Answer, tables.MessageLink))
cards, reviews = map(tables.table_of, (tables.Card, tables.ReviewLog))
games, players = map(tables.table_of, (tables.Game, tables.GamePlayer))

Statement = TypeVar("Statement", Select[Any], Insert, Update)


def planned(build: Callable[..., Statement]) -> Callable[..., Statement]:
    """Built once per argument, and marked as planned."""
    @cache
    @wraps(build)
    def built(*args: Any) -> Statement:
        return build(*args).execution_options(**{PLANNED: True})
    return built


@planned
def user_by_platform_id() -> Select[Any]:
    # FOR NO KEY UPDATE: the user's turn across processes, yet no wait for inserts that only reference it.
    return (select(users).where(users.c.platform == bindparam("platform"),
                                users.c.platform_user_id == bindparam("platform_user_id"))
            .with_for_update(key_share=True))


@planned
def session_by_id() -> Select[Any]:
    return select(sessions).where(sessions.c.id == bindparam("session_id")).with_for_update()


@planned
def session_with_owner_activity() -> Select[Any]:
    """The session, locked; when any of its owner's sessions last moved; whether its owner plays its quiz in a
    live group game; and whether a live game plays it in its chat: an answer needs them all, so one read."""
    return _session_to_answer().where(sessions.c.id == bindparam("session_id")).with_for_update(of=sessions)


@planned
def session_to_answer_by_link() -> Select[Any]:
    """A platform message's link (its columns prefixed ``link_``) and the session it asks for, read as
    session_with_owner_activity reads it: a vote on a poll needs both, so one read."""
    return (_session_to_answer().add_columns(*(column.label(f"link_{column.name}") for column in links.c))
            .join(links, links.c.session_id == sessions.c.id)
            .where(links.c.platform == bindparam("platform"), links.c.message_key == bindparam("message_key"))
            .with_for_update(of=sessions))


def _session_to_answer() -> Select[Any]:
    others = sessions.alias("others")
    last_activity = (select(func.max(others.c.updated_at)).where(others.c.user_id == sessions.c.user_id)
                     .scalar_subquery().label("owner_last_activity"))
    # From the live games (few, found through their partial indexes) to the owner's player row by its key.
    in_game = (select(literal_column("1")).select_from(games)
               .join(players, (players.c.game_id == games.c.id) & (players.c.user_id == sessions.c.user_id))
               .where(games.c.quiz_id == sessions.c.quiz_id, live(games)).exists().label("owner_in_game"))
    # A live game of the session's quiz in the chat it is played in (on its owner's platform: the one-live-game
    # index's key), the owner's game or not. (A review round's question names its quiz: the engine looks.)
    owner_platform = (select(users.c.platform).where(users.c.id == sessions.c.user_id).correlate_except(users)
                      .scalar_subquery())  # correlated two levels up, to the session read
    game_in_its_chat = (select(literal_column("1")).select_from(games)
                        .where(games.c.platform == owner_platform, games.c.chat_id == sessions.c.chat_id,
                               games.c.quiz_id == sessions.c.quiz_id, live(games)).exists().label("game_in_its_chat"))
    return select(sessions, last_activity, in_game, game_in_its_chat)


@planned
def latest_active_session(of_quiz: bool) -> Select[Any]:
    """The learner's latest active session (of one quiz if ``of_quiz``), locked: the quiz they are playing."""
    query = select(sessions).where(sessions.c.user_id == bindparam("user_id"), sessions.c.state == bindparam("state"))
    if of_quiz:
        query = query.where(sessions.c.quiz_id == bindparam("quiz_id"))
    # Constant LIMIT and OFFSET written out: SQLite would otherwise add an OFFSET parameter of its own.
    return (query.order_by(sessions.c.updated_at.desc()).limit(literal_column("1")).offset(literal_column("0"))
            .with_for_update())


@planned
def last_session_activity() -> Select[Any]:
    """When any of the learner's sessions last moved: to tell whether a session was left for another."""
    return (select(func.max(sessions.c.updated_at).label("last_activity"))
            .where(sessions.c.user_id == bindparam("user_id")))


@planned
def update_session() -> Update:
    """The columns to set come with the parameters: those changed (storage/session_changes.py). The engine's
    paths change a few sets of them (an answer its position and time), so its plans stay few."""
    return update(sessions).where(sessions.c.id == bindparam("session_id"))


@planned
def insert_answer(dialect: str) -> Insert:
    # ON CONFLICT DO NOTHING rather than catching IntegrityError: no savepoint round trips, and on
    # PostgreSQL a duplicate leaves the transaction usable.
    return dialect_insert(dialect)(answers).on_conflict_do_nothing(index_elements=["session_id", "question_id"])


@planned
def answers_of_session() -> Select[Any]:
    """A session's answers, first given first: a finished quiz's summary, a vote on a question answered already."""
    return select(answers).where(answers.c.session_id == bindparam("session_id")).order_by(answers.c.answered_at)


@planned
def card_by_question() -> Select[Any]:
    return select(cards).where(cards.c.user_id == bindparam("user_id"), cards.c.quiz_id == bindparam("quiz_id"),
                               cards.c.question_id == bindparam("question_id"))


@planned
def insert_card(dialect: str) -> Insert:
    # SQLite hands back the new row's id with the INSERT itself (lastrowid): RETURNING would cost a result set,
    # nearly doubling the insert (measured: 10 against 5.6 µs).
    return insert(cards) if dialect == "sqlite" else insert(cards).returning(cards.c.id)


@planned
def update_card() -> Update:
    return update(cards).where(cards.c.id == bindparam("card_id"))


@planned
def insert_review() -> Insert:
    return insert(reviews)


@planned
def insert_link() -> Insert:
    return insert(links)


@planned
def link_by_key() -> Select[Any]:
    return select(links).where(links.c.platform == bindparam("platform"),
                               links.c.message_key == bindparam("message_key"))
