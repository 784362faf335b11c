"""The engine on SQLite with its file memory-mapped (the default) against the same engine reading it with read().

    .venv/bin/python benchmarks/sqlite_mmap.py                      # 500 and 5,000 learners, 4 rounds (~5 min)
    .venv/bin/python benchmarks/sqlite_mmap.py --users 5000 --rounds 6

The button path of benchmarks/engine.py (every learner answering at once, question after question), run in turns
with ``PRAGMA mmap_size`` at storage/database.py's size and at 0, which side goes first alternating from round to
round so that a shared machine's load hits both. The ratio is mapped over unmapped, answers/s and CPU per answer,
per round and then min / median / max: above 1 for answers/s (below 1 for CPU) means the map pays.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # run as a script from anywhere

from benchmarks.engine_driver import EngineRun, engine_run
from storage import database

QUESTIONS = 8
MAPPED = database.SQLITE_MMAP_BYTES


async def run_with(mmap_bytes: int, folder: Path, users: int, questions: int, quiz: str) -> EngineRun:
    # Read by the connect listener at each new connection: set before the run opens its engines.
    database.SQLITE_MMAP_BYTES = mmap_bytes
    try:
        return await engine_run(folder, users, questions, quiz, chat=False)
    finally:
        database.SQLITE_MMAP_BYTES = MAPPED


def spread(values: list[float]) -> str:
    return f"{min(values):.2f} / {statistics.median(values):.2f} / {max(values):.2f}"


def burst_p99_ms(run: EngineRun) -> float:
    return statistics.median(statistics.quantiles(burst, n=100)[98] * 1000 for burst in run.bursts)


def line(label: str, run: EngineRun) -> str:
    return (f"{label:<9} {run.rate:6,.0f} answers/s   CPU {1000 * run.cpu_seconds / run.answers:.2f} ms/answer   "
            f"burst p99 (median) {burst_p99_ms(run):5.0f} ms")


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--users", default="500,5000", help="comma-separated learner counts")
    parser.add_argument("--rounds", type=int, default=4)
    parser.add_argument("--answers", type=int, default=4000, help="about how many answers a run plays")
    parser.add_argument("--quiz", default="zero-sharded-optimizers")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        await engine_run(Path(tmp) / "warm", 20, 2, args.quiz, chat=False)  # imports and first compiles, off the clock
        for users in (int(users) for users in args.users.split(",")):
            questions = max(1, min(QUESTIONS, args.answers // users))
            rates: list[float] = []
            cpus: list[float] = []
            for round_number in range(args.rounds):
                sides = [("mapped", MAPPED), ("unmapped", 0)]
                runs: dict[str, EngineRun] = {}
                for label, mmap_bytes in sides if round_number % 2 == 0 else reversed(sides):
                    folder = Path(tmp) / f"{users}-{round_number}-{label}"
                    runs[label] = await run_with(mmap_bytes, folder, users, questions, args.quiz)
                mapped, unmapped = runs["mapped"], runs["unmapped"]
                rates.append(mapped.rate / unmapped.rate)
                cpus.append((mapped.cpu_seconds / mapped.answers) / (unmapped.cpu_seconds / unmapped.answers))
                print(f"{users:>5} users, round {round_number + 1}: mapped/unmapped answers/s {rates[-1]:.2f}, "
                      f"CPU {cpus[-1]:.2f}", flush=True)
                print(f"  {line('mapped', mapped)}\n  {line('unmapped', unmapped)}", flush=True)
            print(f"{users:>5} users: mapped/unmapped (min / median / max) answers/s {spread(rates)}   "
                  f"CPU per answer {spread(cpus)}", flush=True)


if __name__ == "__main__":
    asyncio.run(main())
