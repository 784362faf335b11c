"""What round trips alone cost on PostgreSQL: raw asyncpg answers of 9, 6, 4 and 2 round trips, and batched, against 3.

    .venv/bin/python benchmarks/postgres_round_trips.py                 # 500 writers, pool of 10, 3 rounds
    .venv/bin/python benchmarks/postgres_round_trips.py --writers 500 --rounds 5

No engine, no SQLAlchemy: the ceiling any engine could reach for a given number of round trips per answer, with
the same pool and the same concurrency as benchmarks/postgres.py. Each shape is one answer's transaction on
tables shaped like ours (a learner, a session, an answer, a card, a review log):

- 3 (the baseline of postgres.py): BEGIN, INSERT the answer, COMMIT;
- 9 (the engine's answer today): BEGIN, lock the learner, read the session, INSERT the answer, read the card,
  write the card, INSERT the review, UPDATE the session, COMMIT;
- 6: as 9, with the four writes sent as one statement (a data-modifying WITH);
- 4: as 6, with the session and the card not read (as if one read brought them with the learner's lock);
- 2: no transaction around them: one read of the learner, session and card together, then the four writes as
  one statement that makes them only if the session is still where the read found it (optimistic concurrency:
  a lost race writes nothing and would be tried again). A redesign of the unit of work, measured for its ceiling.
- batched: the answers waiting at the same moment (up to 64) share one transaction of 4 round trips, their
  learners locked and read by one statement and all their writes made by another (benchmarks/batched_answers.py):
  the ceiling of a group-commit writer for PostgreSQL.

Ratio is a shape's transactions/s over the 3-round-trip baseline's, in the same round; CPU is this process's
(the client's) per transaction. The pool sends no reset query on release (as the engine's doesn't), so each
shape makes exactly its round trips; the shapes' order turns each round.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

import asyncpg

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # run as a script from anywhere

from benchmarks.batched_answers import AnswerBatcher
from benchmarks.throwaway_postgres import asyncpg_url, no_reset, throwaway_postgres

SCHEMA = """
DROP TABLE IF EXISTS learners, sessions, answers, cards, reviews;
CREATE TABLE learners (id int PRIMARY KEY, language text);
CREATE TABLE sessions (id text PRIMARY KEY, learner int, current text, updated timestamptz);
CREATE TABLE answers (session text, question text, option text, correct bool, at timestamptz,
                      PRIMARY KEY (session, question));
CREATE TABLE cards (learner int, question text, state jsonb, due timestamptz, PRIMARY KEY (learner, question));
CREATE TABLE reviews (id bigserial PRIMARY KEY, learner int, question text, rating int, at timestamptz);
"""
# The four writes of an answer as one statement: all run, in one round trip.
WRITES = """
WITH answer AS (INSERT INTO answers VALUES ($1, $2, 'a', true, $3)),
     card AS (INSERT INTO cards VALUES ($4, $2, '{}', $3)
              ON CONFLICT (learner, question) DO UPDATE SET state = excluded.state, due = excluded.due),
     review AS (INSERT INTO reviews (learner, question, rating, at) VALUES ($4, $2, 3, $3))
UPDATE sessions SET current = $2, updated = $3 WHERE id = $1
"""
# The writes of the optimistic shape: all of them, or none if the session moved since it was read.
GUARDED_WRITES = """
WITH moved AS (UPDATE sessions SET current = $2, updated = $3 WHERE id = $1 AND current = $5 RETURNING id),
     answer AS (INSERT INTO answers SELECT $1, $2, 'a', true, $3 FROM moved),
     card AS (INSERT INTO cards SELECT $4, $2, '{}', $3 FROM moved
              ON CONFLICT (learner, question) DO UPDATE SET state = excluded.state, due = excluded.due),
     review AS (INSERT INTO reviews (learner, question, rating, at) SELECT $4, $2, 3, $3 FROM moved)
SELECT count(*) FROM moved
"""
READ_TOGETHER = """
SELECT l.language, s.current, c.state FROM learners l JOIN sessions s ON s.learner = l.id
LEFT JOIN cards c ON c.learner = l.id AND c.question = $2 WHERE l.id = $1
"""
Answer = Callable[[asyncpg.Connection, int, str], Awaitable[None]]


async def three(connection: asyncpg.Connection, learner: int, question: str) -> None:
    await connection.execute("INSERT INTO answers VALUES ($1, $2, 'a', true, $3)",
                             f"s{learner}", question, datetime.now(UTC))


async def nine(connection: asyncpg.Connection, learner: int, question: str) -> None:
    session, now = f"s{learner}", datetime.now(UTC)
    await connection.fetchrow("SELECT * FROM learners WHERE id = $1 FOR NO KEY UPDATE", learner)
    await connection.fetchrow("SELECT * FROM sessions WHERE id = $1", session)
    await connection.execute("INSERT INTO answers VALUES ($1, $2, 'a', true, $3)", session, question, now)
    await connection.fetchrow("SELECT * FROM cards WHERE learner = $1 AND question = $2", learner, question)
    await connection.execute("INSERT INTO cards VALUES ($1, $2, '{}', $3)", learner, question, now)
    await connection.execute("INSERT INTO reviews (learner, question, rating, at) VALUES ($1, $2, 3, $3)",
                             learner, question, now)
    await connection.execute("UPDATE sessions SET current = $2, updated = $3 WHERE id = $1", session, question, now)


async def six(connection: asyncpg.Connection, learner: int, question: str) -> None:
    session = f"s{learner}"
    await connection.fetchrow("SELECT * FROM learners WHERE id = $1 FOR NO KEY UPDATE", learner)
    await connection.fetchrow("SELECT * FROM sessions WHERE id = $1", session)
    await connection.fetchrow("SELECT * FROM cards WHERE learner = $1 AND question = $2", learner, question)
    await connection.execute(WRITES, session, question, datetime.now(UTC), learner)


async def four(connection: asyncpg.Connection, learner: int, question: str) -> None:
    await connection.fetchrow("SELECT * FROM learners WHERE id = $1 FOR NO KEY UPDATE", learner)
    await connection.execute(WRITES, f"s{learner}", question, datetime.now(UTC), learner)


async def two(connection: asyncpg.Connection, learner: int, question: str) -> None:
    read = await connection.fetchrow(READ_TOGETHER, learner, question)
    moved = await connection.fetchval(GUARDED_WRITES, f"s{learner}", question, datetime.now(UTC), learner,
                                      read["current"])
    if moved != 1:
        raise RuntimeError("a lost race: one learner's answers are sent one at a time here")


SHAPES: dict[str, Answer | None] = {"3": three, "9": nine, "6": six, "4": four, "2": two, "batched": None}
WITHOUT_TRANSACTION = {"2"}  # each statement is its own transaction


@dataclass
class Shape:
    rate: float  # transactions per second
    cpu_ms: float  # this process's CPU per answer
    per_transaction: float  # answers


async def measured(url: str, shape: str, writers: int, questions: int, pool_size: int) -> Shape:
    """``writers`` learners at once, each answering ``questions`` in turn."""
    answer = SHAPES[shape]
    setup = await asyncpg.connect(url)
    try:
        await setup.execute(SCHEMA)
        await setup.execute("INSERT INTO learners SELECT n, 'en' FROM generate_series(0, $1) n", writers)
        await setup.execute("INSERT INTO sessions SELECT 's' || n, n, 'q0', now() FROM generate_series(0, $1) n",
                            writers)
    finally:
        await setup.close()
    pool = await asyncpg.create_pool(url, min_size=pool_size, max_size=pool_size, reset=no_reset)
    batcher = AnswerBatcher(pool, pool_size) if answer is None else None
    try:
        async def learner(number: int) -> None:
            for question in range(questions):
                if batcher is not None:
                    await batcher.answer(number, f"q{question}")
                    continue
                assert answer is not None
                async with pool.acquire() as connection:
                    if shape in WITHOUT_TRANSACTION:
                        await answer(connection, number, f"q{question}")
                        continue
                    async with connection.transaction():  # BEGIN ... COMMIT
                        await answer(connection, number, f"q{question}")

        began, cpu = time.monotonic(), time.process_time()
        await asyncio.gather(*(learner(number) for number in range(writers)))
        done = writers * questions
        return Shape(done / (time.monotonic() - began), (time.process_time() - cpu) * 1000 / done,
                     done / batcher.batches if batcher is not None and batcher.batches else 1.0)
    finally:
        if batcher is not None:
            await batcher.close()
        await pool.close()


async def measure(url: str, args: argparse.Namespace) -> None:
    print(f"{args.writers} writers, {args.questions} answers each, pool of {args.pool_size}; fsync off", flush=True)
    ratios: dict[str, list[float]] = {trips: [] for trips in SHAPES if trips != "3"}
    for round_ in range(args.rounds):
        order = list(SHAPES)[round_ % len(SHAPES):] + list(SHAPES)[:round_ % len(SHAPES)]  # a slow moment
        shapes = {trips: await measured(url, trips, args.writers, args.questions, args.pool_size)
                  for trips in order}  # falls on a different shape each round
        for trips in ratios:
            ratios[trips].append(shapes[trips].rate / shapes["3"].rate)
        print(f"round {round_ + 1}: 3 round trips {shapes['3'].rate:,.0f}/s (CPU {shapes['3'].cpu_ms:.2f} ms); "
              + "; ".join(f"{trips}: {shapes[trips].rate:,.0f}/s (CPU {shapes[trips].cpu_ms:.2f} ms"
                          + (f", {shapes[trips].per_transaction:.1f} a transaction" if trips == "batched" else "")
                          + f"), ratio {ratios[trips][-1]:.2f}" for trips in ratios), flush=True)
    for trips, values in ratios.items():
        label = "batched" if trips == "batched" else f"{trips} round trips"
        print(f"{label} / 3 (min / median / max): "
              f"{min(values):.2f} / {statistics.median(values):.2f} / {max(values):.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--writers", type=int, default=500)
    parser.add_argument("--questions", type=int, default=9)
    parser.add_argument("--pool-size", type=int, default=10)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    with throwaway_postgres() as url:
        asyncio.run(measure(asyncpg_url(url), args))


if __name__ == "__main__":
    main()
