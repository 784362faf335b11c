"""Every migration, one step at a time down from head and back up, keeps every row of the tables it doesn't drop: on
SQLite (foreign keys on, as the application and the alembic command open it) a batch copy of a table others refer
to drops the old table, and the cascade through those foreign keys would delete every row that refers to it (a
game's players, answers and polls; a learner's sessions, answers, cards and reviews). Runs on PostgreSQL too."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from alembic.script import ScriptDirectory
from sqlalchemy import Connection, insert, inspect, text
from sqlalchemy.ext.asyncio import AsyncEngine

from storage import tables
from storage.database import create_engine
from storage.migrate import alembic_config
from tests.fakes.clock import START
from tests.support.migrations import migrate

T = TypeVar("T")

LOWEST = "0004"  # the first schema with every kind of row below but content_state (0005)

# A row for every table, each referring to the ones before it; columns a revision lacks are left out there.
ROWS: list[tuple[type[tables.Base], dict[str, Any]]] = [
    (tables.User, {"id": 1, "platform": "telegram", "platform_user_id": "alice", "created_at": START}),
    (tables.User, {"id": 2, "platform": "telegram", "platform_user_id": "bob", "created_at": START}),
    (tables.Session, {"id": "s1", "user_id": 1, "quiz_id": "collectives", "chat_id": "chat-1", "state": "active",
                      "question_ids": ["q1", "q2"], "option_orders": {}, "position": 1, "started_at": START,
                      "updated_at": START, "asked_question": "q2", "asked_answer": "b"}),
    (tables.Answer, {"session_id": "s1", "question_id": "q1", "option_id": "a", "correct": True,
                     "answered_at": START}),
    (tables.MessageLink, {"platform": "telegram", "message_key": "poll-1", "session_id": "s1",
                          "question_id": "q1", "chat_id": "chat-1", "created_at": START}),
    (tables.Card, {"id": 1, "user_id": 1, "quiz_id": "collectives", "question_id": "q1", "content_hash": "h",
                   "state": 2, "due": START}),
    (tables.ReviewLog, {"card_id": 1, "user_id": 1, "quiz_id": "collectives", "question_id": "q1", "rating": 3,
                        "reviewed_at": START, "language": "en", "content_hash": "h"}),
    (tables.Chat, {"platform": "telegram", "chat_id": "group-1", "language": "en", "updated_at": START}),
    (tables.ContentState, {"name": "content", "fingerprint": "f", "changed_at": START}),
    (tables.Game, {"id": "g1", "platform": "telegram", "chat_id": "group-1", "scope_id": "group-1",
                   "quiz_id": "collectives", "starter_id": 1, "language": "en", "state": "asking",
                   "question_ids": ["q1", "q2"], "option_orders": {}, "question_seconds": 20, "position": 1,
                   "created_at": START, "updated_at": START}),
    *[(tables.GamePlayer, {"game_id": "g1", "user_id": user_id, "name": f"P{user_id}", "joined_at": START,
                           "joined_position": 0, "score": 100, "correct": 1, "answered": 1, "answer_ms": 900})
      for user_id in (1, 2)],
    *[(tables.GameAnswer, {"game_id": "g1", "position": 0, "user_id": user_id, "option_id": "a", "correct": True,
                           "points": 100, "answer_ms": 900, "answered_at": START}) for user_id in (1, 2)],
    (tables.GameMessage, {"platform": "telegram", "message_key": "game-poll-1", "game_id": "g1", "position": 0}),
]


def _store_rows(connection: Connection) -> None:
    """ROWS, into the tables the current revision has, with the columns it has."""
    present = set(inspect(connection).get_table_names())
    for model, values in ROWS:
        if model.__tablename__ in present:
            columns = {column["name"] for column in inspect(connection).get_columns(model.__tablename__)}
            connection.execute(insert(tables.table_of(model)).values(
                **{name: value for name, value in values.items() if name in columns}))


def _counts(connection: Connection) -> dict[str, int]:
    present = set(inspect(connection).get_table_names())
    return {table: connection.execute(text(f"SELECT COUNT(*) FROM {table}")).scalar_one()
            for table in sorted(set(tables.Base.metadata.tables) & present)}


async def _run(engine: AsyncEngine, work: Callable[[Connection], T]) -> T:
    async with engine.begin() as connection:
        return await connection.run_sync(work)


def _revisions_from_lowest() -> list[str]:
    """LOWEST's revision, then each one after it up to head."""
    script = ScriptDirectory.from_config(alembic_config())
    newest_first = [revision.revision for revision in script.walk_revisions("base", "heads")]
    return list(reversed(newest_first[:newest_first.index(LOWEST) + 1]))


async def test_each_downgrade_from_head_keeps_every_row_of_the_tables_it_keeps(database_url: str) -> None:
    engine = create_engine(database_url)
    try:
        await migrate(engine, "upgrade", "head")
        await _run(engine, _store_rows)
        stored = await _run(engine, _counts)
        assert set(stored.values()) <= {1, 2} and len(stored) == len(tables.Base.metadata.tables)
        for revision in reversed(_revisions_from_lowest()[:-1]):
            await migrate(engine, "downgrade", revision)
            counts = await _run(engine, _counts)
            assert counts == {table: stored[table] for table in counts}, f"down to {revision}"
    finally:
        await engine.dispose()


async def test_each_upgrade_to_head_keeps_every_row(database_url: str) -> None:
    engine = create_engine(database_url)
    try:
        revisions = _revisions_from_lowest()
        await migrate(engine, "upgrade", revisions[0])
        await _run(engine, _store_rows)
        stored = await _run(engine, _counts)
        for revision in revisions[1:]:
            await migrate(engine, "upgrade", revision)
            counts = await _run(engine, _counts)
            assert counts == {table: stored.get(table, 0) for table in counts}, f"up to {revision}"
        assert len(counts) == len(tables.Base.metadata.tables)
    finally:
        await engine.dispose()
