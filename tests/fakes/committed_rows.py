"""A fake unit of work's commit: the rows it changed are published, once none breaks a column's limit.

SQLite keeps text of any length and integers of 64 bits whatever a column declares, and a NUL in text; PostgreSQL
refuses text longer than its varchar, integers past 32 bits and a NUL, failing the whole transaction. The fake
refuses them as PostgreSQL does, so that the engine's fast tests find such values (a review's long question
references, a month in milliseconds, a name with a NUL) without a server; and a lone surrogate, which neither
driver can encode as UTF-8.
"""

from __future__ import annotations

import copy
from dataclasses import fields
from enum import Enum
from typing import TYPE_CHECKING, Any

from sqlalchemy import Integer, String, Table

from storage import tables

if TYPE_CHECKING:  # the fake's state module commits through this one
    from tests.fakes.storage import FakeState

# The fake state's fields holding rows, by their table.
ROW_TABLES = {"users": "users", "sessions": "quiz_sessions", "answers": "answers", "links": "message_links",
              "cards": "cards", "reviews": "review_logs", "games": "games", "players": "game_players",
              "game_answers": "game_answers", "game_links": "game_messages"}
INT32 = range(-(2**31), 2**31)
DELETED = object()  # a row's place in a commit's changes: deleted (a row's value may be None: a chat's language)


class RefusedByColumn(ValueError):
    """A value PostgreSQL's column would refuse (as asyncpg's DataError would stop the transaction)."""


def publish(before: FakeState, after: FakeState, published: FakeState) -> None:
    """Publish the rows ``after`` changed since ``before`` into ``published``; nothing at all if any of them
    breaks its column's limit."""
    changed = {table.name: _changed(getattr(before, table.name), getattr(after, table.name))
               for table in fields(after)}
    refusals = [refusal for name, rows in changed.items() if name in ROW_TABLES
                for row in rows.values() if row is not DELETED
                for refusal in refused(tables.Base.metadata.tables[ROW_TABLES[name]], row)]
    if refusals:
        raise RefusedByColumn("; ".join(refusals))
    for name, rows in changed.items():
        target = getattr(published, name)
        for key, row in rows.items():
            if row is DELETED:
                target.pop(key, None)
            else:
                target[key] = copy.deepcopy(row)


def _changed(before: dict[Any, Any], after: dict[Any, Any]) -> dict[Any, Any]:
    """The rows changed, by key (DELETED for one deleted). Only what changed: units of work of other users don't
    undo each other."""
    return {key: after.get(key, DELETED) for key in before.keys() | after.keys()
            if key not in after or before.get(key) != after[key]}


def refused(table: Table, row: object) -> list[str]:
    """What in ``row`` (a record whose fields are named as the table's columns) PostgreSQL would refuse."""
    refusals = []
    for column in table.columns:
        value = getattr(row, column.key, None)
        value = value.value if isinstance(value, Enum) else value
        length = getattr(column.type, "length", None) if isinstance(column.type, String) else None
        if isinstance(value, str) and length is not None and len(value) > length:
            refusals.append(f"{table.name}.{column.key}: {len(value)} characters, over varchar({length})")
        elif isinstance(value, str) and (unfit := _unfit_text(value)):
            refusals.append(f"{table.name}.{column.key}: {unfit} in {value!r}")
        elif type(column.type) is Integer and type(value) is int and value not in INT32:
            refusals.append(f"{table.name}.{column.key}: {value} is out of a 32-bit integer's range")
    return refusals


def _unfit_text(value: str) -> str | None:
    """What in ``value`` no text column takes: PostgreSQL refuses a NUL; no driver encodes a lone surrogate."""
    if "\x00" in value:
        return "a NUL character"
    if any("\ud800" <= char <= "\udfff" for char in value):
        return "a lone surrogate"
    return None
