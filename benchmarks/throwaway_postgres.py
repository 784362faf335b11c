"""A throwaway PostgreSQL 15 server for the PostgreSQL benchmarks: the tests' own cluster (fsync off)."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager

import asyncpg
from sqlalchemy.engine import make_url


async def no_reset(connection: asyncpg.Connection) -> None:
    """For asyncpg pools: by default a released connection is reset with one more query (RESET ALL, UNLISTEN...),
    a round trip the engine's pool doesn't make. The raw baselines pass this, so they make only their own."""


def asyncpg_url(url: str) -> str:
    """The same database as SQLAlchemy's ``postgresql+asyncpg://`` URL, as asyncpg itself takes it."""
    return make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)


@contextmanager
def throwaway_postgres() -> Iterator[str]:
    """A fresh cluster's SQLAlchemy URL, the cluster stopped and removed after; exits if PostgreSQL is missing."""
    from tests.pg_cluster import Cluster, pg_bindir  # the tests' helper: the project root is on sys.path

    bindir = pg_bindir()
    if bindir is None:
        sys.exit("PostgreSQL server binaries not found (install postgresql-15)")
    with Cluster(bindir).running() as url:
        yield url
