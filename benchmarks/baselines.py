"""The two baselines of benchmarks/engine.py: what one durable SQLite commit costs without the engine."""

from __future__ import annotations

import asyncio
import sqlite3
import time
from datetime import UTC, datetime
from pathlib import Path

import aiosqlite

PRAGMAS = ("journal_mode=WAL", "busy_timeout=5000", "foreign_keys=ON", "synchronous=FULL")
TABLE = ("CREATE TABLE answers (session_id TEXT, question_id TEXT, option_id TEXT, correct INTEGER,"
         " answered_at TEXT, PRIMARY KEY (session_id, question_id))")
INSERT = "INSERT INTO answers VALUES (?, ?, ?, ?, ?)"


def _row(user: int, question: int) -> tuple[str, str, str, int, str]:
    return f"s{user}", f"q{question}", "a", 1, datetime.now(UTC).isoformat()


async def aiosqlite_rate(path: Path, users: int, commits_per_user: int) -> float:
    """The earlier design's floor: single-row INSERT + COMMIT on one aiosqlite connection, users taking turns."""
    async with aiosqlite.connect(path, isolation_level=None) as db:
        for pragma in PRAGMAS:
            await db.execute(f"PRAGMA {pragma}")
        await db.execute(TABLE)
        lock = asyncio.Lock()  # one connection: transactions take turns, as they do in SQLite anyway

        async def writer(user: int) -> None:
            for question in range(commits_per_user):
                async with lock:
                    await db.execute("BEGIN IMMEDIATE")
                    await db.execute(INSERT, _row(user, question))
                    await db.commit()

        began = time.perf_counter()
        await asyncio.gather(*(writer(user) for user in range(users)))
        return users * commits_per_user / (time.perf_counter() - began)


def sqlite3_rate(path: Path, commits: int) -> float:
    """The physical limit: one thread, plain sqlite3, one-row transactions each durably committed (FULL)."""
    db = sqlite3.connect(path, isolation_level=None)
    try:
        for pragma in PRAGMAS:
            db.execute(f"PRAGMA {pragma}")
        db.execute(TABLE)
        began = time.perf_counter()
        for number in range(commits):
            db.execute("BEGIN IMMEDIATE")
            db.execute(INSERT, _row(number, 0))
            db.execute("COMMIT")
        return commits / (time.perf_counter() - began)
    finally:
        db.close()
