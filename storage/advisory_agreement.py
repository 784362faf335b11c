"""An Agreement (storage/held_lock.py) on PostgreSQL: a session advisory lock in the two-int4-key form, taken
shared, whose first key is the agreement's name and second its value; pg_locks tells whether any session holds
another value. Taken, then checked: of two processes taking different values at once, at least the later one to
check sees the other's (both may, and both are refused; never both let in)."""

from __future__ import annotations

import hashlib

from sqlalchemy import text
from sqlalchemy.ext.asyncio import AsyncConnection

from storage.held_lock import Agreement, Disagreement, LockHeld


def agreement_key(name: str) -> int:
    """The first key: 31 bits, so that pg_locks shows it (as an oid) as it is."""
    return int.from_bytes(hashlib.sha256(name.encode()).digest()[:4], "big") & 0x7FFF_FFFF


TAKE = text("SELECT pg_try_advisory_lock_shared(CAST(:key AS integer), CAST(:value AS integer))")
LET_GO = text("SELECT pg_advisory_unlock_shared(CAST(:key AS integer), CAST(:value AS integer))")
# The smallest other value held (the lock table, not a snapshot: what is granted now). A session of this process's
# left behind by a broken connection holds the same value, so is never counted.
OTHER_VALUE = text(
    "SELECT min(CAST(l.objid AS bigint)) FROM pg_locks l WHERE l.locktype = 'advisory' AND l.granted "
    "AND l.objsubid = 2 AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database()) "
    "AND l.classid = CAST(CAST(:key AS bigint) AS oid) AND l.objid <> CAST(CAST(:value AS bigint) AS oid)")


def _keys(agreement: Agreement) -> dict[str, int]:
    return {"key": agreement_key(agreement.name), "value": agreement.value}


async def agree(connection: AsyncConnection, agreement: Agreement) -> None:
    """Hold ``agreement`` on ``connection``'s session; Disagreement if another session holds another value (this
    one's is then left to the caller, who closes the connection)."""
    if not (await connection.execute(TAKE, _keys(agreement))).scalar():  # only taken exclusively by hand
        raise LockHeld(agreement.name)
    theirs = (await connection.execute(OTHER_VALUE, _keys(agreement))).scalar()
    if theirs is not None:
        raise Disagreement(agreement.name, int(theirs))


async def let_go(connection: AsyncConnection, agreement: Agreement) -> None:
    await connection.execute(LET_GO, _keys(agreement))
