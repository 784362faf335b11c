"""Discord's catch-up of votes cast while no process listened reads the newest open polls through
ix_message_links_recent, not every link ever sent (on SQLite, a scan would hold up every answer meanwhile).

On a SQLite file, which has no statistics unless ANALYZE ran: its plan is the index or a scan. PostgreSQL plans by
its statistics (with few open quizzes it starts from the active sessions instead, as it should).
"""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

from sqlalchemy import insert
from sqlalchemy.ext.asyncio import AsyncEngine

from storage import tables
from storage.database import create_engine
from storage.migrate import upgrade_to_head
from storage.repositories import unanswered_query
from tests.fakes.clock import START

USERS, QUESTIONS = 500, 8


async def _fill(database: AsyncEngine) -> None:
    """Many finished quizzes whose every poll was answered, and a few open ones."""
    users = [{"id": n, "platform": "discord", "platform_user_id": str(n), "created_at": START}
             for n in range(1, USERS + 1)]
    sessions: list[dict[str, object]] = [
        {"id": f"s{n}", "user_id": n, "quiz_id": "quiz", "state": "active" if n % 50 == 0 else "finished",
         "question_ids": [f"q{k}" for k in range(QUESTIONS)], "option_orders": {}, "position": QUESTIONS,
         "started_at": START, "updated_at": START} for n in range(1, USERS + 1)]
    links = [{"platform": "discord", "message_key": f"{n}-{k}", "session_id": f"s{n}", "question_id": f"q{k}",
              "chat_id": "1", "created_at": START + timedelta(seconds=n * QUESTIONS + k)}
             for n in range(1, USERS + 1) for k in range(QUESTIONS)]
    answers = [{"session_id": f"s{n}", "question_id": f"q{k}", "option_id": "a", "correct": True,
                "answered_at": START} for n in range(1, USERS + 1) for k in range(QUESTIONS) if n % 50 or k < 7]
    async with database.begin() as connection:
        for model, rows in ((tables.User, users), (tables.Session, sessions), (tables.MessageLink, links),
                            (tables.Answer, answers)):
            await connection.execute(insert(tables.table_of(model)), rows)


async def test_the_newest_open_polls_are_read_through_the_recent_links_index(tmp_path: Path) -> None:
    database = create_engine(f"sqlite+aiosqlite:///{tmp_path / 'quiz.sqlite3'}")
    try:
        await upgrade_to_head(database)
        await _fill(database)
        compiled = unanswered_query("discord", START, 200).compile(dialect=database.dialect)
        params = tuple(compiled.params[name] for name in compiled.positiontup or ())
        async with database.connect() as connection:
            plan = "\n".join(str(row[-1]) for row in
                             await connection.exec_driver_sql("EXPLAIN QUERY PLAN " + str(compiled), params))
            assert "ix_message_links_recent" in plan, plan
            found = (await connection.execute(unanswered_query("discord", START, 200))).all()
        assert [row.message_key for row in found] == [f"{n}-7" for n in range(USERS, 0, -50)]
    finally:
        await database.dispose()
