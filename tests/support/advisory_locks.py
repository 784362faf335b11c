"""Who holds, and who waits for, a process lock (storage/advisory_lock.py) on the test PostgreSQL database."""

from __future__ import annotations

import asyncio

import asyncpg

from storage.advisory_lock import advisory_key
from tests.pg_cluster import asyncpg_url

THIS_DATABASE = "database = (SELECT oid FROM pg_database WHERE datname = current_database())"


async def holder(url: str, name: str) -> int | None:
    """The backend (pid) holding the advisory lock ``name``, if any."""
    key = advisory_key(name) & 0xFFFF_FFFF_FFFF_FFFF  # pg_locks shows the 64-bit key as two unsigned halves
    connection = await asyncpg.connect(asyncpg_url(url))
    try:
        pid: int | None = await connection.fetchval(
            f"SELECT pid FROM pg_locks WHERE locktype = 'advisory' AND granted AND objsubid = 1 AND {THIS_DATABASE} "
            "AND classid = $1::bigint::oid AND objid = $2::bigint::oid", key >> 32, key & 0xFFFF_FFFF)
        return pid
    finally:
        await connection.close()


async def waiting(url: str) -> int:
    """How many backends wait for an advisory lock."""
    connection = await asyncpg.connect(asyncpg_url(url))
    try:
        count: int = await connection.fetchval(
            f"SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND NOT granted AND {THIS_DATABASE}")
        return count
    finally:
        await connection.close()


async def taken_again(url: str, name: str, ended: int, within: float = 10.0) -> int:
    """Wait until a backend other than ``ended`` holds the lock ``name``; returns it."""
    async def poll() -> int:
        while True:
            pid = await holder(url, name)
            if pid not in (None, ended):
                return pid
            await asyncio.sleep(0.02)
    return await asyncio.wait_for(poll(), within)


async def free_again(url: str, name: str, within: float = 10.0) -> None:
    """Wait until no backend holds the lock ``name``."""
    async def poll() -> None:
        while True:
            if await holder(url, name) is None:
                return
            await asyncio.sleep(0.02)
    await asyncio.wait_for(poll(), within)


async def session_named(url: str, pid: int, name: str, within: float = 10.0) -> None:
    """Wait until the backend ``pid``'s session is named ``name`` (its application_name)."""
    connection = await asyncpg.connect(asyncpg_url(url))
    try:
        async def poll() -> None:
            while True:
                if await connection.fetchval("SELECT application_name FROM pg_stat_activity WHERE pid = $1",
                                             pid) == name:
                    return
                await asyncio.sleep(0.02)
        await asyncio.wait_for(poll(), within)
    finally:
        await connection.close()


async def someone_waits(url: str, within: float = 10.0) -> None:
    """Wait until a backend waits for an advisory lock."""
    async def poll() -> None:
        while True:
            if await waiting(url):
                return
            await asyncio.sleep(0.02)
    await asyncio.wait_for(poll(), within)
