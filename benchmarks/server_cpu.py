"""The CPU a local PostgreSQL server spends, from /proc (Linux): its postmaster and every process it started.

On a machine where the benchmark and the server share the cores, answers per second are set by the CPU of both
sides together, so the benchmarks print the server's share next to the client's.
"""

from __future__ import annotations

import os
from pathlib import Path

import asyncpg

PROC = Path("/proc")


async def postmaster_pid(dsn: str) -> int | None:
    """The server's postmaster, as the parent of a backend of ours; None where /proc can't tell."""
    connection = await asyncpg.connect(dsn)
    try:
        # Read while connected: a closed connection's backend may be gone already, and /proc with it.
        fields = _stat(int(await connection.fetchval("SELECT pg_backend_pid()")))
    finally:
        await connection.close()
    return int(fields[1]) if fields else None


def server_cpu_seconds(postmaster: int | None) -> float:
    """User + system CPU of the postmaster (with its children that ended) and of its live children; 0 where
    /proc couldn't name the postmaster."""
    if postmaster is None:
        return 0.0
    ticks = 0
    for entry in PROC.iterdir():
        if not entry.name.isdigit():
            continue
        fields = _stat(int(entry.name))
        if fields is None:
            continue
        pid, parent = int(entry.name), int(fields[1])
        if pid == postmaster:
            ticks += sum(int(value) for value in fields[11:15])  # utime stime cutime cstime
        elif parent == postmaster:
            ticks += int(fields[11]) + int(fields[12])
    return ticks / os.sysconf("SC_CLK_TCK")


def _stat(pid: int) -> list[str] | None:
    """/proc/<pid>/stat's fields after the command name (which may hold spaces): state, ppid, ..."""
    try:
        text = (PROC / str(pid) / "stat").read_text()
    except OSError:  # ended meanwhile, or no /proc
        return None
    return text.rsplit(")", 1)[1].split()
