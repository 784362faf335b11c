"""Answers per second through the whole engine on a SQLite file, against durable commits without the engine.

    .venv/bin/python benchmarks/engine.py                      # 50, 500 and 5,000 learners, 5 rounds
    .venv/bin/python benchmarks/engine.py --users 500 --rounds 3

N learners start a quiz, then answer in bursts: all N at once, question after question (up to 8, fewer at large N
so that a round stays near --answers answers). Two paths: button (one transaction per answer) and chat (a vote
found through its poll's link, then the next poll's link stored: two). Each answer's latency counts from the
start of its burst: p99 is over all bursts of all rounds together (so the noisiest bursts set it), and each
burst's own p99 is shown as min / median / max.

Two baselines, measured in every round right after the engine, on the same machine in the same minute:
- aiosqlite: single-row INSERT + COMMIT on one aiosqlite connection, the same learners taking turns (the earlier
  design's floor);
- sqlite3: one thread, plain sqlite3, one-row FULL commits back to back (the disk's limit for one-row commits).
Both use WAL and synchronous=FULL, as the engine does. Rounds interleave engine and baselines so that load on a
shared machine hits both; min / median / max of each ratio are over the rounds.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # run as a script from anywhere

from benchmarks.baselines import aiosqlite_rate, sqlite3_rate
from benchmarks.engine_driver import EngineRun, engine_run

QUESTIONS = 8
PATHS = ("button", "chat")


def percentile(values: list[float], share: int) -> float:
    return statistics.quantiles(values, n=100)[share - 1] if len(values) > 1 else values[0]


def spread(values: list[float]) -> str:
    return f"{min(values):.2f} / {statistics.median(values):.2f} / {max(values):.2f}"


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--users", default="50,500,5000", help="comma-separated learner counts")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--answers", type=int, default=4000, help="about how many answers a round plays")
    parser.add_argument("--quiz", default="zero-sharded-optimizers")
    args = parser.parse_args()
    levels = [int(users) for users in args.users.split(",")]
    runs: dict[tuple[int, str], list[EngineRun]] = defaultdict(list)
    raw: dict[tuple[int, str], list[float]] = defaultdict(list)
    limit: dict[tuple[int, str], list[float]] = defaultdict(list)
    with tempfile.TemporaryDirectory() as tmp:
        for round_number in range(args.rounds):
            for users in levels:
                questions = max(1, min(QUESTIONS, args.answers // users))
                for path in PATHS:
                    key, folder = (users, path), Path(tmp) / f"{round_number}-{users}-{path}"
                    run = await engine_run(folder, users, questions, args.quiz, chat=path == "chat")
                    runs[key].append(run)
                    raw[key].append(await aiosqlite_rate(folder / "raw.sqlite3", users, questions))
                    limit[key].append(sqlite3_rate(folder / "limit.sqlite3", min(run.answers, 3000)))
            print(f"round {round_number + 1} of {args.rounds} done", file=sys.stderr, flush=True)
    for users in levels:
        for path in PATHS:
            key = (users, path)
            latencies = [latency for run in runs[key] for latency in run.latencies]
            answers = sum(run.answers for run in runs[key])
            rates = [run.rate for run in runs[key]]
            cpu_ms = 1000 * sum(run.cpu_seconds for run in runs[key]) / answers
            burst_p99s = [percentile(burst, 99) * 1000 for run in runs[key] for burst in run.bursts]
            print(f"{users:>5} users  {path:<6}  {statistics.median(rates):6,.0f} answers/s   "
                  f"p50 {percentile(latencies, 50) * 1000:6.0f} ms   p99 {percentile(latencies, 99) * 1000:6.0f} ms   "
                  f"CPU {cpu_ms:.2f} ms/answer")
            print(f"             p99 of each burst (min / median / max over {len(burst_p99s)}): "
                  f"{min(burst_p99s):.0f} / {statistics.median(burst_p99s):.0f} / {max(burst_p99s):.0f} ms")
            print(f"             engine/aiosqlite (min / median / max): "
                  f"{spread([r.rate / b for r, b in zip(runs[key], raw[key], strict=True)])}   "
                  f"engine/sqlite3 limit: {spread([r.rate / b for r, b in zip(runs[key], limit[key], strict=True)])}"
                  f"   (baselines {statistics.median(raw[key]):,.0f}/s and {statistics.median(limit[key]):,.0f}/s)")


if __name__ == "__main__":
    asyncio.run(main())
