"""Answers per second through the engine on PostgreSQL, in 1, 2 and 4 processes, against raw asyncpg commits.

    .venv/bin/python benchmarks/postgres.py                        # 500 and 5,000 users, pool of 10 per process
    .venv/bin/python benchmarks/postgres.py --users 500 --processes 1 2 --pool-size 15 --rounds 3
    .venv/bin/python benchmarks/postgres.py --durable              # commits flushed to disk, as deployed

A throwaway PostgreSQL 15 cluster is started (tests/pg_cluster.py: fsync off, as in the tests; with ``--durable``
PostgreSQL's defaults instead, as compose.yaml runs it: fsync, synchronous_commit and full_page_writes on).
For each number of users and of processes, in the same run and one after the other:

- engine: the learners are split between the processes, each with its own engine and its own pool of
  ``--pool-size`` connections. Every learner starts a quiz, then, when all processes are ready, all answer every
  question at once through ``engine.answer`` (the button path: one transaction per answer);
- raw: the same number of processes, each with an asyncpg pool of the same size, and the same number of
  BEGIN / INSERT one row / COMMIT transactions from as many concurrent writers (and nothing else: asyncpg's
  reset query on every release is turned off, as the engine's pool makes none).

Ratio engine/raw is answers/s over commits/s. Errors are learners who got an exception or a refused answer.
Client CPU is the processes' own; server CPU is the PostgreSQL server's over the same time (Linux, from /proc;
0 elsewhere), both per answer (or commit): where the two share the cores, their sum sets the rate.
"""

from __future__ import annotations

import argparse
import asyncio
import multiprocessing
import random
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass, field
from datetime import UTC, datetime
from multiprocessing.synchronize import Barrier
from pathlib import Path
from typing import Any

import asyncpg

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # run as a script from anywhere

from adapters.runtime import open_services
from adapters.settings import Settings
from benchmarks.server_cpu import postmaster_pid, server_cpu_seconds
from benchmarks.throwaway_postgres import asyncpg_url, no_reset, throwaway_postgres
from bot.replies import Actor, AnswerOutcome, QuestionView, Started
from storage.database import create_engine
from storage.migrate import upgrade_to_head

QUIZ = "zero-sharded-optimizers"
RAW_TABLE = ("CREATE TABLE raw_answers (session_id text, question_id text, option_id text, correct boolean, "
             "answered_at timestamptz, PRIMARY KEY (session_id, question_id))")


@dataclass
class Part:
    """What one process did: answers (or commits), errors, when it began and ended, its CPU, each latency."""

    done: int = 0
    errors: int = 0
    began: float = 0.0
    ended: float = 0.0
    cpu: float = 0.0  # this process's CPU seconds (user + system) while answering
    server_began: float = 0.0  # the server's CPU seconds so far, when this process began answering
    server_ended: float = 0.0  # and when it was done
    latencies: list[float] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


async def engine_part(url: str, pool_size: int, names: list[str], start: Barrier, postmaster: int | None) -> Part:
    part = Part()
    with tempfile.TemporaryDirectory() as data_dir:
        settings = Settings(data_dir=Path(data_dir), database_url=url, database_pool_size=pool_size)
        async with open_services(settings, rng=random.Random()) as services:  # session ids differ per process
            engine = services.engine
            actors = [Actor("bench", name, f"chat-{name}") for name in names]
            firsts = await asyncio.gather(*(engine.start(actor, QUIZ) for actor in actors))

            async def learner(actor: Actor, started: Started | object) -> None:
                if not isinstance(started, Started):
                    raise RuntimeError(f"no quiz started: {started}")
                question: QuestionView | object = started.question
                while isinstance(question, QuestionView):
                    began = time.monotonic()
                    outcome = await engine.answer(actor, question.session_id, question.question_id, part.done % 4)
                    part.latencies.append(time.monotonic() - began)
                    if not isinstance(outcome, AnswerOutcome):
                        raise RuntimeError(f"an answer was refused: {outcome}")
                    part.done += 1
                    question = outcome.next

            await asyncio.to_thread(start.wait)  # every process set up: answering begins together
            part.began, cpu, part.server_began = time.monotonic(), time.process_time(), server_cpu_seconds(postmaster)
            results = await asyncio.gather(*(learner(a, s) for a, s in zip(actors, firsts, strict=True)),
                                           return_exceptions=True)
            part.ended, part.cpu = time.monotonic(), time.process_time() - cpu
            part.server_ended = server_cpu_seconds(postmaster)
    failures = [result for result in results if isinstance(result, BaseException)]
    part.errors = len(failures)
    part.notes = sorted({f"{type(error).__name__}: {str(error)[:120]}" for error in failures})[:3]
    return part


async def raw_part(url: str, pool_size: int, names: list[str], commits_each: int, start: Barrier,
                   postmaster: int | None) -> Part:
    part = Part()
    pool = await asyncpg.create_pool(asyncpg_url(url), min_size=pool_size, max_size=pool_size, reset=no_reset)
    try:
        async def writer(name: str) -> None:
            for q in range(commits_each):
                began = time.monotonic()
                async with pool.acquire() as connection, connection.transaction():  # BEGIN ... COMMIT
                    await connection.execute("INSERT INTO raw_answers VALUES ($1, $2, $3, $4, $5)",
                                             name, f"q{q}", "a", True, datetime.now(UTC))
                part.latencies.append(time.monotonic() - began)
                part.done += 1

        await asyncio.to_thread(start.wait)
        part.began, cpu, part.server_began = time.monotonic(), time.process_time(), server_cpu_seconds(postmaster)
        results = await asyncio.gather(*(writer(name) for name in names), return_exceptions=True)
        part.ended, part.cpu = time.monotonic(), time.process_time() - cpu
        part.server_ended = server_cpu_seconds(postmaster)
    finally:
        await pool.close()
    part.errors = sum(isinstance(result, BaseException) for result in results)
    return part


def process_main(kind: str, url: str, pool_size: int, names: list[str], commits_each: int, start: Barrier,
                 results: Any, postmaster: int | None) -> None:
    """One process of a run: its share of the learners, its own pool; the outcome put on ``results``."""
    try:
        if kind == "engine":
            part = asyncio.run(engine_part(url, pool_size, names, start, postmaster))
        else:
            part = asyncio.run(raw_part(url, pool_size, names, commits_each, start, postmaster))
    except BaseException as error:  # reported, not lost: the run then shows every learner of it failed
        start.abort()
        part = Part(errors=len(names), notes=[f"{type(error).__name__}: {error}"])
    results.put(part)


@dataclass
class Run:
    done: int
    errors: int
    rate: float
    p50: float
    p99: float
    cpu_ms: float  # client CPU per answer (or commit), all processes together
    server_ms: float  # the server's CPU per answer (or commit), from the first process's start to the last's end
    notes: list[str]


def run_processes(kind: str, url: str, pool_size: int, users: int, processes: int, commits_each: int,
                  postmaster: int | None) -> Run:
    context = multiprocessing.get_context("spawn")
    start, results = context.Barrier(processes), context.Queue()
    shares = [[f"user-{n}" for n in range(users) if n % processes == p] for p in range(processes)]
    workers = [context.Process(target=process_main,
                               args=(kind, url, pool_size, share, commits_each, start, results, postmaster))
               for share in shares]
    for worker in workers:
        worker.start()
    parts: list[Part] = [results.get() for _ in workers]
    for worker in workers:
        worker.join()
    latencies = [latency for part in parts for latency in part.latencies]
    seconds = max(part.ended for part in parts) - min(part.began for part in parts)
    cuts = statistics.quantiles(latencies, n=100) if len(latencies) > 1 else [0.0] * 99
    done = sum(part.done for part in parts)
    server = max(part.server_ended for part in parts) - min(part.server_began for part in parts)
    return Run(done, sum(part.errors for part in parts), done / seconds if seconds > 0 else 0.0, cuts[49], cuts[98],
               sum(part.cpu for part in parts) * 1000 / max(done, 1), server * 1000 / max(done, 1),
               sorted({note for part in parts for note in part.notes}))


async def fresh_schema(url: str) -> None:
    """An empty database at head, plus the raw side's table: every run starts from the same place."""
    from tests.pg_cluster import empty_database
    await empty_database(url)
    database = create_engine(url)
    try:
        await upgrade_to_head(database)
    finally:
        await database.dispose()
    connection = await asyncpg.connect(asyncpg_url(url))
    try:
        await connection.execute(RAW_TABLE)
    finally:
        await connection.close()


DURABLE = {"fsync": "on", "synchronous_commit": "on", "full_page_writes": "on"}  # PostgreSQL's defaults


def line(kind: str, run: Run) -> str:
    text = (f"  {kind:<6} {run.done:>6} in all, {run.rate:>6,.0f}/s   p50 {run.p50 * 1000:7.1f} ms   "
            f"p99 {run.p99 * 1000:7.1f} ms   client CPU {run.cpu_ms:.2f} ms each   server CPU {run.server_ms:.2f} ms   "
            f"errors {run.errors}")
    return text + "".join(f"\n           {note}" for note in run.notes)


def measure(url: str, args: argparse.Namespace) -> None:
    durability = "commits flushed to disk (fsync on)" if args.durable else "fsync off"
    print(f"pool of {args.pool_size} per process; quiz {QUIZ}; PostgreSQL with {durability}", flush=True)
    postmaster = asyncio.run(postmaster_pid(asyncpg_url(url)))
    for users in args.users:
        for processes in args.processes:
            ratios = []
            for round_ in range(args.rounds):
                asyncio.run(fresh_schema(url))
                engine = run_processes("engine", url, args.pool_size, users, processes, 0, postmaster)
                raw = run_processes("raw", url, args.pool_size, users, processes, max(1, engine.done // users),
                                    postmaster)
                ratios.append(engine.rate / raw.rate if raw.rate else 0.0)
                print(f"users {users:>5}, processes {processes}, round {round_ + 1}: ratio engine/raw "
                      f"{ratios[-1]:.2f}\n{line('engine', engine)}\n{line('raw', raw)}", flush=True)
            if args.rounds > 1:
                print(f"users {users:>5}, processes {processes}: ratio min {min(ratios):.2f} median "
                      f"{statistics.median(ratios):.2f} max {max(ratios):.2f}", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--users", type=int, nargs="+", default=[500, 5000])
    parser.add_argument("--processes", type=int, nargs="+", default=[1, 2, 4])
    parser.add_argument("--pool-size", type=int, default=10)
    parser.add_argument("--rounds", type=int, default=1)
    parser.add_argument("--durable", action="store_true", help="PostgreSQL's own durable settings, not the tests'")
    args = parser.parse_args()
    with throwaway_postgres(DURABLE if args.durable else None) as url:
        measure(url, args)


if __name__ == "__main__":
    main()
