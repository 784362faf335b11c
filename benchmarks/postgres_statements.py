"""Where PostgreSQL's own time goes in an answer: each statement's execution, against a raw commit's, in one run.

    .venv/bin/python benchmarks/postgres_statements.py               # 500 learners, one process, pool of 10
    .venv/bin/python benchmarks/postgres_statements.py --users 2000 --top 20

A throwaway PostgreSQL 15 (the tests' cluster, fsync off) with ``pg_stat_statements`` loaded. The engine's part of
``postgres.py`` runs (every learner answers the whole quiz at once, one transaction an answer); then the raw
part (BEGIN / INSERT one row / COMMIT). For each, the statements the server ran, by total execution time: calls
and microseconds per answer (or commit), and buffer pages touched per call. Foreign keys' checks show as their
own ``SELECT ... FOR KEY SHARE`` lines, marked "in": their time is inside the statement that ran them, so the
totals count the client's statements only. Execution time is the executor's only: parsing and binding each
message, and the socket, come on top (``postgres.py`` prints the server's whole CPU per answer).
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from pathlib import Path

import asyncpg

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # run as a script from anywhere

from benchmarks.postgres import fresh_schema, line, run_processes
from benchmarks.server_cpu import postmaster_pid
from benchmarks.throwaway_postgres import asyncpg_url, throwaway_postgres

STATISTICS = {"shared_preload_libraries": "pg_stat_statements", "pg_stat_statements.track": "all"}
READ = ("SELECT toplevel, calls, total_exec_time, shared_blks_hit + shared_blks_read AS pages, query "
        "FROM pg_stat_statements WHERE query NOT LIKE '%pg_stat_statements%' ORDER BY total_exec_time DESC")


async def forget_statements(url: str) -> None:
    connection = await asyncpg.connect(asyncpg_url(url))
    try:
        await connection.execute("CREATE EXTENSION IF NOT EXISTS pg_stat_statements")
        await connection.execute("SELECT pg_stat_statements_reset()")
    finally:
        await connection.close()


async def statements(url: str) -> list[asyncpg.Record]:
    connection = await asyncpg.connect(asyncpg_url(url))
    try:
        return list(await connection.fetch(READ))
    finally:
        await connection.close()


def report(kind: str, rows: list[asyncpg.Record], done: int, top: int) -> float:
    """Print the ``top`` statements; returns the execution time of all, in microseconds per answer (or commit)."""
    each = max(done, 1)
    sent = [row for row in rows if row["toplevel"]]  # nested ones (foreign keys' checks) run inside these
    total = sum(row["total_exec_time"] for row in sent) * 1000 / each
    print(f"{kind}: {total:,.0f} µs of execution per {'answer' if kind == 'engine' else 'commit'}, "
          f"{sum(row['calls'] for row in sent) / each:.1f} statements")
    for row in rows[:top]:
        query = " ".join(row["query"].split())
        print(f"  {'  ' if row['toplevel'] else 'in'} {row['calls'] / each:5.2f} × "
              f"{row['total_exec_time'] * 1000 / each:7.1f} µs   "
              f"{row['pages'] / max(row['calls'], 1):5.1f} pages/call   {query[:88]}")
    return total


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--users", type=int, default=500)
    parser.add_argument("--pool-size", type=int, default=10)
    parser.add_argument("--top", type=int, default=12, help="how many statements to list")
    args = parser.parse_args()
    with throwaway_postgres(STATISTICS) as url:
        postmaster = asyncio.run(postmaster_pid(asyncpg_url(url)))
        asyncio.run(fresh_schema(url))
        asyncio.run(forget_statements(url))
        engine = run_processes("engine", url, args.pool_size, args.users, 1, 0, postmaster)
        print(line("engine", engine))
        engine_us = report("engine", asyncio.run(statements(url)), engine.done, args.top)
        asyncio.run(forget_statements(url))
        raw = run_processes("raw", url, args.pool_size, args.users, 1, max(1, engine.done // args.users),
                            postmaster)
        print(line("raw", raw))
        raw_us = report("raw", asyncio.run(statements(url)), raw.done, args.top)
        print(f"execution per answer / per raw commit: {engine_us / max(raw_us, 1e-9):.1f}")


if __name__ == "__main__":
    main()
