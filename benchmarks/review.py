"""Spaced review's two hot reads, each against raw SQL measuring the same thing in the same run:

- the read of a learner's cards, 10,000 of them (what /review asks first: a card whose question changed since
  its last review is due whatever its stored date, so all are read and compared with the catalog);
- one reminder sweep over 100,000 learners with reminders, 1,000 of them due now (claim, move on, count due).

    .venv/bin/python benchmarks/review.py                # SQLite, and PostgreSQL if its server binaries are here
    .venv/bin/python benchmarks/review.py --database sqlite

Ratios are raw time / engine time: 1.0 means the engine's storage layer costs nothing over hand-written SQL.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from sqlalchemy import insert, text
from sqlalchemy.ext.asyncio import AsyncEngine

from bot.admins import AdminPolicy
from bot.content.catalog import Catalog
from bot.content.library import ContentLibrary, load_catalog
from bot.engine import QuizEngine
from bot.i18n import UiTexts
from bot.replies import Reminder
from storage import tables
from storage.database import create_engine, sqlite_url
from storage.migrate import upgrade_to_head
from storage.unit_of_work import unit_of_work_factory

NOW = datetime(2027, 1, 15, 18, 0, tzinfo=UTC)
CARDS, LEARNERS, DUE_LEARNERS, ROUNDS = 10_000, 100_000, 1_000, 20


def due_learners_catalog() -> Catalog:
    """One quiz, "quiz-0", whose one question "q0" (a seed question) is the card every due learner has: a reminder
    counts only cards of questions the catalog asks, as asked when last reviewed."""
    seed = load_catalog(Path(__file__).resolve().parents[1] / "content").quizzes[0]
    question = seed.questions[0].model_copy(update={"id": "q0"})
    return Catalog((seed.model_copy(update={"id": "quiz-0", "questions": [question]}),))


async def fill(database: AsyncEngine, catalog: Catalog) -> None:
    users = [{"id": n, "platform": "bench", "platform_user_id": str(n), "created_at": NOW, "reminder_time": "19:00",
              "reminder_due": NOW - timedelta(minutes=1) if n % (LEARNERS // DUE_LEARNERS) == 0
              else NOW + timedelta(hours=1 + n % 20)} for n in range(1, LEARNERS + 1)]
    cards = [{"user_id": 1, "quiz_id": f"quiz-{n % 4}", "question_id": f"q{n}",
              "content_hash": catalog.quizzes[0].questions[0].content_hash, "state": 2,
              "step": None, "stability": 3.0, "difficulty": 5.0, "due": NOW + timedelta(hours=n % 500 - 250),
              "last_review": NOW - timedelta(days=3)} for n in range(CARDS)]
    cards += [{**cards[0], "user_id": n, "question_id": "q0", "due": NOW - timedelta(hours=1)}
              for n in range(LEARNERS // DUE_LEARNERS, LEARNERS + 1, LEARNERS // DUE_LEARNERS)]
    async with database.begin() as connection:
        for start in range(0, len(users), 10_000):
            await connection.execute(insert(tables.table_of(tables.User)), users[start:start + 10_000])
        for start in range(0, len(cards), 10_000):
            await connection.execute(insert(tables.table_of(tables.Card)), cards[start:start + 10_000])
    if database.dialect.name == "postgresql":
        async with database.connect() as connection:
            await connection.execution_options(isolation_level="AUTOCOMMIT")
            await connection.exec_driver_sql("ANALYZE")


async def timed(action: Any, rounds: int = ROUNDS) -> float:
    """The median seconds of ``rounds`` runs."""
    times = []
    for _ in range(rounds):
        began = time.perf_counter()
        await action()
        times.append(time.perf_counter() - began)
    return statistics.median(times)


async def due_cards(database: AsyncEngine) -> tuple[float, float]:
    uow = unit_of_work_factory(database, lambda: NOW)

    async def engine_side() -> None:
        async with uow() as work:
            assert len(await work.cards.of_user(1)) == CARDS

    async def raw_side() -> None:
        async with database.connect() as connection:
            rows = (await connection.exec_driver_sql(
                "SELECT * FROM cards WHERE user_id = 1 ORDER BY id")).all()
            assert len(rows) == CARDS
    return await timed(engine_side), await timed(raw_side)


async def reminder_sweep(database: AsyncEngine, catalog: Catalog) -> tuple[float, float]:
    """One pass over the due learners, through the engine's reminder use case, then by hand in raw SQL."""
    engine = QuizEngine(library=ContentLibrary(Path("."), catalog), unit_of_work=unit_of_work_factory(
        database, lambda: NOW), texts=UiTexts({}), admins=AdminPolicy(), clock=lambda: NOW, rng=random.Random(1))
    sent: list[Reminder] = []

    async def send(reminder: Reminder) -> None:
        sent.append(reminder)

    began = time.perf_counter()
    while await engine.send_reminders("bench", send, per_second=1e9):
        pass
    engine_seconds = time.perf_counter() - began
    assert len(sent) == DUE_LEARNERS, len(sent)
    await reset_reminders(database)
    began = time.perf_counter()
    await raw_sweep(database)
    return engine_seconds, time.perf_counter() - began


async def reset_reminders(database: AsyncEngine) -> None:
    async with database.begin() as connection:
        await connection.execute(text("UPDATE users SET reminder_due = :due WHERE id % :step = 0"),
                                 {"due": NOW - timedelta(minutes=1), "step": LEARNERS // DUE_LEARNERS})


async def raw_sweep(database: AsyncEngine) -> None:
    lite = database.dialect.name == "sqlite"
    mark = (lambda n: "?") if lite else (lambda n: f"${n}")
    lock = "" if lite else " FOR UPDATE SKIP LOCKED"
    while True:
        async with database.begin() as connection:  # BEGIN IMMEDIATE on SQLite, as storage/ begins
            due = (await connection.exec_driver_sql(
                f"SELECT id FROM users WHERE reminder_due <= {mark(1)} AND platform = 'bench' "
                f"ORDER BY reminder_due LIMIT 200{lock}", (NOW,))).all()
            for (user_id,) in due:
                await connection.exec_driver_sql(f"UPDATE users SET reminder_due = {mark(1)} WHERE id = {mark(2)}",
                                                 (NOW + timedelta(days=1), user_id))
                await connection.exec_driver_sql(
                    f"SELECT count(*) FROM cards WHERE user_id = {mark(1)} AND due <= {mark(2)}", (user_id, NOW))
        if not due:
            return


async def run(url: str, name: str) -> None:
    database = create_engine(url)
    try:
        await upgrade_to_head(database)
        catalog = due_learners_catalog()
        await fill(database, catalog)
        engine_due, raw_due = await due_cards(database)
        engine_sweep, raw_sweep_seconds = await reminder_sweep(database, catalog)
    finally:
        await database.dispose()
    print(f"{name}: the cards of a learner with {CARDS:,}: engine {engine_due * 1000:.2f} ms, "
          f"raw {raw_due * 1000:.2f} ms, ratio raw/engine {raw_due / engine_due:.2f}")
    print(f"{name}: reminder sweep over {LEARNERS:,} learners ({DUE_LEARNERS:,} due): engine {engine_sweep:.2f} s, "
          f"raw {raw_sweep_seconds:.2f} s, ratio raw/engine {raw_sweep_seconds / engine_sweep:.2f}", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--database", choices=("sqlite", "postgresql", "both"), default="both")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        if args.database in ("sqlite", "both"):
            asyncio.run(run(sqlite_url(Path(folder)), "SQLite"))
    if args.database in ("postgresql", "both"):
        sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the tests' throwaway-cluster helper
        from tests.pg_cluster import Cluster, pg_bindir

        bindir = pg_bindir()
        if bindir is None:
            print("PostgreSQL: skipped (no server binaries)")
            return
        with Cluster(bindir).running() as url:
            asyncio.run(run(url, "PostgreSQL"))


if __name__ == "__main__":
    main()
