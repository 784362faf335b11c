"""Whether a transaction of the test's own database waits for a lock (a row's, or any other)."""

from __future__ import annotations

from sqlalchemy import text
from sqlalchemy.ext.asyncio import AsyncConnection

# By the waiting session's database: pg_locks alone counts the whole server's, another pytest-xdist worker's tests
# too where the workers share one (QUIZ_TEST_POSTGRES_URL), and a row lock's wait (on a transaction id) names no
# database there.
WAITING_HERE = text("SELECT count(*) FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid "
                    "WHERE NOT l.granted AND a.datname = current_database()")


async def lock_waits(connection: AsyncConnection) -> int:
    """How many of this database's sessions wait for a lock."""
    return int((await connection.execute(WAITING_HERE)).scalar_one())
