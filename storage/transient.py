"""Lost races, not faults: errors after which the whole action may simply be tried again."""

from __future__ import annotations

from sqlalchemy.exc import DBAPIError

# PostgreSQL's serialization failure and deadlock, SQLite's busy and locked.
TRANSIENT_SQLSTATES = frozenset({"40001", "40P01"})
TRANSIENT_SQLITE = ("database is locked", "database table is locked", "database is busy")


def is_transient(error: BaseException) -> bool:
    if not isinstance(error, DBAPIError):
        return False
    if getattr(error.orig, "sqlstate", None) in TRANSIENT_SQLSTATES:
        return True
    return any(text in str(error.orig) for text in TRANSIENT_SQLITE)
