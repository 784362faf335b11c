"""The sweep for timed-out questions reads the partial deadline index, not every user or session.

Runs on a SQLite file (which has no statistics unless ANALYZE ran) and on PostgreSQL.
"""

from __future__ import annotations

from datetime import timedelta

from sqlalchemy import insert
from sqlalchemy.ext.asyncio import AsyncEngine

from storage import tables
from storage.repositories import overdue_query
from tests.fakes.clock import START

USERS, SESSIONS_PER_USER = 2000, 3


async def _fill(database: AsyncEngine) -> None:
    """Many users with finished sessions, a few with a question whose clock runs."""
    users = [{"id": n, "platform": "telegram" if n % 3 else "discord", "platform_user_id": str(n),
              "created_at": START} for n in range(1, USERS + 1)]
    sessions: list[dict[str, object]] = [
        {"id": f"s{n}-{k}", "user_id": n, "quiz_id": f"quiz-{k}",
         "state": "active" if (n + k) % 50 == 0 else "finished", "question_ids": ["q1"],
         "option_orders": {}, "position": 0, "started_at": START, "updated_at": START,
         "question_deadline": START + timedelta(seconds=n) if (n + k) % 50 == 0 else None}
        for n in range(1, USERS + 1) for k in range(SESSIONS_PER_USER)]
    async with database.begin() as connection:
        await connection.execute(insert(tables.table_of(tables.User)), users)
        await connection.execute(insert(tables.table_of(tables.Session)), sessions)
    if database.dialect.name == "postgresql":  # as autovacuum would have: PostgreSQL plans by its statistics
        async with database.connect() as connection:
            await connection.execution_options(isolation_level="AUTOCOMMIT")
            await connection.exec_driver_sql("ANALYZE")


async def test_the_overdue_query_uses_the_deadline_index(database: AsyncEngine) -> None:
    await _fill(database)
    dialect = database.dialect.name
    compiled = overdue_query(dialect, "telegram", START + timedelta(minutes=10), 100).compile(dialect=database.dialect)
    params = tuple(compiled.params[name] for name in compiled.positiontup or ())
    explain = "EXPLAIN QUERY PLAN " if dialect == "sqlite" else "EXPLAIN "
    async with database.connect() as connection:
        plan = "\n".join(str(row[-1] if dialect == "sqlite" else row[0])
                         for row in await connection.exec_driver_sql(explain + str(compiled), params))
    assert "ix_quiz_sessions_question_deadline" in plan, plan
