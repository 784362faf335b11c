"""The kill -9 campaign for as long as you like: ``scripts/soak --kills 1000``. Prints its figures per database
and exits 1 if any invariant was broken."""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
import time
from pathlib import Path

from storage.database import sqlite_url
from tests.pg_cluster import Cluster, pg_bindir
from tests.reliability import campaign

CONTENT = Path(__file__).resolve().parents[1] / "fixtures" / "content"


def parse() -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="scripts/soak", description=__doc__)
    parser.add_argument("--kills", type=int, default=1000, help="workers to kill per database (default 1000)")
    parser.add_argument("--workers", type=int, default=4, help="workers playing at once (default 4)")
    parser.add_argument("--database", choices=("sqlite", "postgresql", "both"), default="both")
    parser.add_argument("--seed", type=int, default=0)
    return parser.parse_args()


async def soak(url: str, name: str, args: argparse.Namespace) -> bool:
    started = time.monotonic()
    figures = await campaign.run(url, CONTENT, args.kills, workers=args.workers, seed=args.seed)
    print(f"{figures.line(name)} ({time.monotonic() - started:.0f} s)", flush=True)
    for violation in figures.violations[:20]:
        print(f"  {violation}", flush=True)
    if figures.answers == 0:  # no invariant was put to the test: not a pass
        print(f"  {name}: no worker had an answer acknowledged before its kill, so nothing was checked", flush=True)
        return False
    return not figures.violations


def main() -> int:
    args = parse()
    ok = True
    if args.database in ("sqlite", "both"):
        with tempfile.TemporaryDirectory(prefix="quiztutor-soak-") as folder:
            ok &= asyncio.run(soak(sqlite_url(Path(folder)), "SQLite", args))
    if args.database in ("postgresql", "both"):
        bindir = pg_bindir()
        if bindir is None:
            print("PostgreSQL: skipped, no server binaries (install postgresql-15)", file=sys.stderr)
            return 1
        with Cluster(bindir).running() as url:
            ok &= asyncio.run(soak(url, "PostgreSQL", args))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
