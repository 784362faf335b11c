"""The sweep for games whose phase is over reads the partial deadline index; a leaderboard reads its group's games;
the questions that went out unheard are found from the live games, not by walking every poll link.

Runs on a SQLite file (which has no statistics unless ANALYZE ran) and on PostgreSQL.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import Select, insert
from sqlalchemy.ext.asyncio import AsyncEngine

from storage import tables
from storage.game_repositories import due_query, leaderboard_query
from storage.unheard_polls import unheard_query
from tests.fakes.clock import START

USERS, GAMES = 300, 3000


async def _fill(database: AsyncEngine) -> None:
    """Many finished games in 500 groups, each with three players who answered; a few live ones (one a chat)."""
    users = [{"id": n, "platform": "telegram", "platform_user_id": str(n), "created_at": START}
             for n in range(1, USERS + 1)]
    games: list[dict[str, object]] = [
        {"id": f"g{n}", "platform": "telegram" if n % 3 else "discord", "chat_id": f"chat-{n % 500}",
         "scope_id": f"group-{n % 500}", "quiz_id": "collectives", "starter_id": n % USERS + 1,
         "language": "en", "state": "asking" if n < 500 else "finished",
         "question_ids": ["q1"], "option_orders": {}, "question_seconds": 20, "position": 0,
         "deadline": START + timedelta(seconds=n), "created_at": START, "updated_at": START}
        for n in range(1, GAMES + 1)]
    players = [{"game_id": f"g{n}", "user_id": (n + k) % USERS + 1, "name": "x", "joined_at": START,
                "joined_position": 0, "score": 0, "correct": 0, "answered": 1, "answer_ms": 0}
               for n in range(1, GAMES + 1) for k in range(3)]
    answers = [{"game_id": row["game_id"], "position": 0, "user_id": row["user_id"], "option_id": "a",
                "correct": True, "points": 100, "answer_ms": 900, "answered_at": START} for row in players]
    async with database.begin() as connection:
        await connection.execute(insert(tables.table_of(tables.User)), users)
        await connection.execute(insert(tables.table_of(tables.Game)), games)
        await connection.execute(insert(tables.table_of(tables.GamePlayer)), players)
        await connection.execute(insert(tables.table_of(tables.GameAnswer)), answers)
    await _analyze(database)


async def _analyze(database: AsyncEngine) -> None:
    if database.dialect.name == "postgresql":  # as autovacuum would have: PostgreSQL plans by its statistics
        async with database.connect() as connection:
            await connection.execution_options(isolation_level="AUTOCOMMIT")
            await connection.exec_driver_sql("ANALYZE")


async def _plan(database: AsyncEngine, query: Select[Any]) -> str:
    dialect = database.dialect.name
    compiled = query.compile(dialect=database.dialect)
    params = tuple(compiled.params[name] for name in compiled.positiontup or ())
    explain = "EXPLAIN QUERY PLAN " if dialect == "sqlite" else "EXPLAIN "
    async with database.connect() as connection:
        return "\n".join(str(row[-1] if dialect == "sqlite" else row[0])
                         for row in await connection.exec_driver_sql(explain + str(compiled), params))


async def test_the_due_query_uses_the_deadline_index(database: AsyncEngine) -> None:
    await _fill(database)
    plan = await _plan(database, due_query(database.dialect.name, "telegram", START + timedelta(hours=1), 100))
    assert "ix_games_deadline" in plan, plan


async def test_the_leaderboard_query_starts_from_the_groups_games(database: AsyncEngine) -> None:
    await _fill(database)
    since: datetime | None
    for since in (None, START - timedelta(days=7)):
        plan = await _plan(database, leaderboard_query("telegram", "group-7", since, 10))
        assert "ix_games_scope" in plan, plan


async def test_the_unheard_query_starts_from_the_live_games_and_probes_their_links(database: AsyncEngine) -> None:
    await _fill(database)
    links = [{"platform": "telegram", "message_key": f"poll-{n}", "game_id": f"g{n}", "position": 0}
             for n in range(1, GAMES + 1)]
    async with database.begin() as connection:
        await connection.execute(insert(tables.table_of(tables.GameMessage)), links)
    await _analyze(database)
    plan = await _plan(database, unheard_query("telegram"))
    assert "uq_games_one_live" in plan or "ix_games_deadline" in plan, plan  # the live games only
    # each probing its marker's key: no walk through the links
    assert "pk_game_messages" in plan or "sqlite_autoindex_game_messages_1 (platform=? AND message_key=?)" in plan, plan
    assert "Seq Scan on game_messages" not in plan and "SCAN game_messages" not in plan, plan
