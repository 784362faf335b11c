"""Set-based batching on PostgreSQL, for postgres_round_trips.py: the ceiling of a group-commit writer.

Answers waiting at the same moment share one transaction of four round trips, whatever their number: BEGIN; one
statement locking every learner of the batch (in id order, so two batches can't deadlock) and reading their
sessions and cards; one statement making all the batch's answers, cards, reviews and session moves; COMMIT. A
learner has at most one answer in a batch (each awaits its answer before sending the next, as the engine's per-user
lock makes them), so no answer of the batch needs to see another's writes.
"""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime

import asyncpg

MAX_BATCH = 64  # answers per transaction

LOCK_AND_READ = """
SELECT l.id, s.current, c.state
FROM unnest($1::int[], $2::text[]) AS b(learner, question)
JOIN learners l ON l.id = b.learner JOIN sessions s ON s.learner = l.id
LEFT JOIN cards c ON c.learner = b.learner AND c.question = b.question
ORDER BY l.id FOR NO KEY UPDATE OF l
"""
WRITES = """
WITH b AS (SELECT * FROM unnest($1::int[], $2::text[], $3::timestamptz[]) AS b(learner, question, at)),
     answer AS (INSERT INTO answers SELECT 's' || learner, question, 'a', true, at FROM b),
     card AS (INSERT INTO cards SELECT learner, question, '{}', at FROM b
              ON CONFLICT (learner, question) DO UPDATE SET state = excluded.state, due = excluded.due),
     review AS (INSERT INTO reviews (learner, question, rating, at) SELECT learner, question, 3, at FROM b)
UPDATE sessions s SET current = b.question, updated = b.at FROM b WHERE s.id = 's' || b.learner
"""

Waiting = tuple[int, str, asyncio.Future[None]]


class AnswerBatcher:
    """One worker per pooled connection; each takes whatever answers wait (up to MAX_BATCH) as one transaction."""

    def __init__(self, pool: asyncpg.Pool, workers: int, max_batch: int = MAX_BATCH) -> None:
        self._pool = pool
        self._max_batch = max_batch
        self._queue: asyncio.Queue[Waiting] = asyncio.Queue()
        self._workers = [asyncio.create_task(self._work()) for _ in range(workers)]
        self.batches = 0

    async def answer(self, learner: int, question: str) -> None:
        done = asyncio.get_running_loop().create_future()
        self._queue.put_nowait((learner, question, done))
        await done

    async def close(self) -> None:
        for worker in self._workers:
            worker.cancel()
        await asyncio.gather(*self._workers, return_exceptions=True)

    async def _work(self) -> None:
        while True:
            batch = [await self._queue.get()]
            while len(batch) < self._max_batch and not self._queue.empty():
                batch.append(self._queue.get_nowait())
            try:
                await self._write(batch)
            except Exception as error:  # every waiter hears it
                for *_, done in batch:
                    done.set_exception(error)
                continue
            self.batches += 1
            for *_, done in batch:
                done.set_result(None)

    async def _write(self, batch: list[Waiting]) -> None:
        learners = [learner for learner, _, _ in batch]
        questions = [question for _, question, _ in batch]
        now = datetime.now(UTC)
        async with self._pool.acquire() as connection, connection.transaction():
            read = await connection.fetch(LOCK_AND_READ, learners, questions)
            if len(read) != len(batch):
                raise RuntimeError(f"{len(batch) - len(read)} learners of the batch were not found")
            await connection.execute(WRITES, learners, questions, [now] * len(batch))
