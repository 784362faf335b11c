"""Answers per second through the whole engine on a SQLite file, against raw durable aiosqlite commits.

Both run in the same process and the same run, so the ratio means something on a noisy machine:

    .venv/bin/python benchmarks/engine.py --users 500

The engine side is N concurrent learners, each answering every question of a quiz. Two paths:

- button: an answer naming its session and question (Discord's private buttons, the terminal): one transaction;
- chat: a vote on a poll, found through the poll's stored link, and the next question asked on a new poll
  whose link is stored before the learner's lock is released (Telegram and Discord polls): two transactions.

The baseline is the same number of single-row INSERT + COMMIT on one aiosqlite connection with the same pragmas.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path

import aiosqlite
from sqlalchemy import event

from adapters.runtime import open_services
from adapters.settings import Settings
from bot.replies import Actor, AnswerOutcome, Feedback, QuestionView, Started, Summary


class PollSurface:
    """A chat platform with no network: every question is asked on a new poll with a fresh key."""

    def __init__(self) -> None:
        self.key = ""

    @property
    def chat_id(self) -> str | None:
        return None

    async def say(self, text: str) -> None:
        return None

    async def feedback(self, feedback: Feedback) -> None:
        return None

    async def ask(self, question: QuestionView, intro: str | None) -> str | None:
        self.key = f"poll-{question.session_id}-{question.question_id}"
        return self.key

    async def summarize(self, summary: Summary) -> None:
        return None

    async def flush(self) -> None:
        return None


async def engine_run(data_dir: Path, users: int, quiz_id: str, chat: bool) -> tuple[int, float, list[float], int]:
    async with open_services(Settings(data_dir=data_dir), rng=random.Random(7)) as services:
        engine = services.engine
        statements = 0

        def count(*_args: object) -> None:
            nonlocal statements
            statements += 1
        actors = [Actor("bench", f"user-{n}", f"chat-{n}") for n in range(users)]
        polls = {actor.user_id: PollSurface() for actor in actors}
        firsts = await asyncio.gather(*(engine.start(actor, quiz_id, polls[actor.user_id] if chat else None)
                                        for actor in actors))
        latencies: list[float] = []

        async def learner(actor: Actor, started: Started) -> int:
            question: QuestionView | object = started.question
            poll = polls[actor.user_id]
            answered = 0
            while isinstance(question, QuestionView):
                began = time.perf_counter()
                if chat:  # a vote on the poll, then the next poll's link
                    outcome = await engine.answer_message(actor, poll.key, answered % 4, poll)
                else:
                    outcome = await engine.answer(actor, question.session_id, question.question_id, answered % 4)
                latencies.append(time.perf_counter() - began)
                if not isinstance(outcome, AnswerOutcome):
                    raise RuntimeError(f"an answer was refused: {outcome}")
                question, answered = outcome.next, answered + 1
            return answered

        event.listen(services.database.sync_engine, "before_cursor_execute", count)
        began = time.perf_counter()
        counts = await asyncio.gather(*(learner(a, s) for a, s in zip(actors, firsts, strict=True)
                                        if isinstance(s, Started)))
        return sum(counts), time.perf_counter() - began, latencies, statements


async def raw_run(path: Path, users: int, commits_per_user: int) -> tuple[int, float]:
    async with aiosqlite.connect(path, isolation_level=None) as db:
        for pragma in ("journal_mode=WAL", "busy_timeout=5000", "foreign_keys=ON", "synchronous=FULL"):
            await db.execute(f"PRAGMA {pragma}")
        await db.execute("CREATE TABLE answers (session_id TEXT, question_id TEXT, option_id TEXT, correct INTEGER,"
                         " answered_at TEXT, PRIMARY KEY (session_id, question_id))")
        lock = asyncio.Lock()  # one connection: transactions take turns, as they do in SQLite anyway

        async def writer(n: int) -> None:
            for q in range(commits_per_user):
                async with lock:
                    await db.execute("BEGIN IMMEDIATE")
                    await db.execute("INSERT INTO answers VALUES (?, ?, ?, ?, ?)",
                                     (f"s{n}", f"q{q}", "a", 1, datetime.now(UTC).isoformat()))
                    await db.commit()

        began = time.perf_counter()
        await asyncio.gather(*(writer(n) for n in range(users)))
        return users * commits_per_user, time.perf_counter() - began


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--users", type=int, default=500)
    parser.add_argument("--quiz", default="zero-sharded-optimizers")
    args = parser.parse_args()
    print(f"users: {args.users}")
    with tempfile.TemporaryDirectory() as tmp:
        for path in ("button", "chat"):
            answers, seconds, latencies, statements = await engine_run(Path(tmp) / path, args.users, args.quiz,
                                                                       chat=path == "chat")
            commits, raw_seconds = await raw_run(Path(tmp) / f"raw-{path}.sqlite3", args.users,
                                                 answers // args.users)
            engine_rate, raw_rate = answers / seconds, commits / raw_seconds
            cuts = statistics.quantiles(latencies, n=100)
            print(f"{path} path: {answers} answers, {engine_rate:,.0f} answers/s   p50 {cuts[49] * 1000:.1f} ms   "
                  f"p99 {cuts[98] * 1000:.1f} ms   {statements / answers:.1f} SQL statements per answer")
            print(f"  raw aiosqlite durable commits: {raw_rate:,.0f}/s   "
                  f"ratio engine/raw: {engine_rate / raw_rate:.2f}")


if __name__ == "__main__":
    asyncio.run(main())
