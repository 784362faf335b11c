"""Planned statements (the SQLite writer's hot path) read and write exactly what SQLAlchemy's execution would."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest
from sqlalchemy import Connection, bindparam, select
from sqlalchemy.engine import make_url
from sqlalchemy.exc import IntegrityError, MultipleResultsFound, NoResultFound

from storage import hot_statements as hot
from storage import tables
from storage.database import create_writer_engine, sqlite_url
from storage.planned import PLANNED, PlannedResult, SqlitePlans, is_planned
from storage.repositories import sessions_with_owner
from storage.statements import InlineConnection

STARTED = datetime(2026, 12, 1, 9, 30, 15, 123456, tzinfo=UTC)


@pytest.fixture
def connection(tmp_path: Path) -> Iterator[Connection]:
    engine = create_writer_engine(make_url(sqlite_url(tmp_path)))
    tables.Base.metadata.create_all(engine)
    with engine.connect() as connection, connection.begin():
        yield connection
    engine.dispose()


def _add_user(connection: Connection, **values: object) -> int:
    key = connection.execute(tables.table_of(tables.User).insert().values(**values)).inserted_primary_key
    assert key is not None  # an INSERT of one row reads its key back
    return key[0]


async def test_a_planned_write_and_read_convert_types_as_sqlalchemy_does(connection: Connection) -> None:
    inline = InlineConnection(connection, SqlitePlans(connection.dialect))
    user_id = _add_user(connection, platform="test", platform_user_id="ada", language="sn", created_at=STARTED)
    connection.execute(tables.table_of(tables.Session).insert().values(
        id="s1", user_id=user_id, quiz_id="fsdp", chat_id=None, question_ids=["q1", "q2"],
        option_orders={"q1": [2, 0, 1]}, state="active", position=0, started_at=STARTED, updated_at=STARTED))

    await inline.execute(hot.update_session(), {
        "session_id": "s1", "chat_id": "c9", "option_orders": {"q2": [1, 0]}, "state": "active", "position": 1,
        "updated_at": STARTED, "finished_at": None, "question_deadline": STARTED})
    # Labelled columns too: the mechanism, on a read production runs unplanned (the sweeps' session and owner).
    with_owner = (sessions_with_owner().where(hot.sessions.c.id == bindparam("session_id"))
                  .execution_options(**{PLANNED: True}))
    planned = (await inline.execute(with_owner, {"session_id": "s1"})).first()
    plain = connection.execute(with_owner, {"session_id": "s1"}).first()

    assert is_planned(hot.session_by_id()) and not is_planned(sessions_with_owner())
    assert plain is not None and tuple(planned) == tuple(plain)
    assert planned.option_orders == {"q2": [1, 0]} and planned.question_ids == ["q1", "q2"]
    assert planned.question_deadline == STARTED and planned.question_deadline.tzinfo is not None
    assert planned.owner_language == "sn" and planned.owner_leaderboard_hidden is False


async def test_a_duplicate_raises_sqlalchemys_integrity_error_and_a_conflict_ignored_counts_no_row(
        connection: Connection) -> None:
    inline = InlineConnection(connection, SqlitePlans(connection.dialect))
    user_id = _add_user(connection, platform="test", platform_user_id="ada", created_at=STARTED)
    connection.execute(tables.table_of(tables.Session).insert().values(
        id="s1", user_id=user_id, quiz_id="fsdp", question_ids=["q1"], option_orders={}, state="active",
        position=0, started_at=STARTED, updated_at=STARTED))
    link = {"platform": "test", "message_key": "poll-1", "session_id": "s1", "question_id": "q1", "chat_id": None,
            "created_at": STARTED}
    answer = {"session_id": "s1", "question_id": "q1", "option_id": "a", "correct": True, "answered_at": STARTED}

    await inline.execute(hot.insert_link(), link)
    with pytest.raises(IntegrityError):
        await inline.execute(hot.insert_link(), link)
    assert (await inline.execute(hot.insert_answer("sqlite"), answer)).rowcount == 1
    assert (await inline.execute(hot.insert_answer("sqlite"), answer)).rowcount == 0
    assert connection.execute(select(tables.Answer.__table__.c.correct)).scalar_one() is True


def test_a_planned_result_gives_one_row_and_refuses_none_or_more_as_sqlalchemys_does() -> None:
    none, one, two = PlannedResult([], 0), PlannedResult([("a",)], 1), PlannedResult([("a",), ("b",)], 2)
    assert (one.one(), one.scalar_one(), one.scalar_one_or_none(), one.first()) == (("a",), "a", "a", ("a",))
    assert (none.scalar_one_or_none(), none.first()) == (None, None)
    for refused in (none.one, none.scalar_one):
        with pytest.raises(NoResultFound):
            refused()
    for refused in (two.one, two.scalar_one, two.scalar_one_or_none):
        with pytest.raises(MultipleResultsFound):
            refused()
