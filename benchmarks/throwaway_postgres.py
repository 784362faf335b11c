"""A throwaway PostgreSQL 15 server for the PostgreSQL benchmarks: the tests' own cluster (fsync off)."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager

import asyncpg

from tests.pg_cluster import Cluster, asyncpg_url, pg_bindir  # the tests' helper

__all__ = ["asyncpg_url", "no_reset", "throwaway_postgres"]


async def no_reset(connection: asyncpg.Connection) -> None:
    """For asyncpg pools: by default a released connection is reset with one more query (RESET ALL, UNLISTEN...),
    a round trip the engine's pool doesn't make. The raw baselines pass this, so they make only their own."""


@contextmanager
def throwaway_postgres(settings: dict[str, str] | None = None) -> Iterator[str]:
    """A fresh cluster's SQLAlchemy URL, the cluster stopped and removed after; exits if PostgreSQL is missing.
    ``settings``: server settings beyond the tests' own."""
    bindir = pg_bindir()
    if bindir is None:
        sys.exit("PostgreSQL server binaries not found (install postgresql-15)")
    with Cluster(bindir, settings).running() as url:
        yield url
