"""A write's copies as one statement over its parameters' arrays (storage/merged_statements.py's writes).

Copies of an UPDATE or INSERT run as one statement that reads their parameters from arrays, one row each, so
the server plans and starts it once, not once a copy as a WITH query per copy makes it. Then only whose rows are
whose needs telling:

- an UPDATE returns the place of each copy whose row it changed;
- an INSERT ... ON CONFLICT DO NOTHING returns the conflict's columns of the rows it added: the copies with those
  values added theirs;
- a plain INSERT adds every copy's row or fails whole; the new rows' serial ids, which it may return, are handed
  out in the order of its rows (ORDER BY the copies' places), so the smallest is the first copy's.

Only the shapes SQLAlchemy compiles for the answer's hot statements are recognized (no sub-query, no function
around a parameter); any other write is sent a WITH query per copy. Two copies aiming at the same row (the same
key) would be told apart by nothing, so they are sent one by one.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Integer

from storage.json_rows import json_rows_clause, rows_as_json
from storage.planned import Plan, PlannedResult, converted

_PARAMETER = re.compile(r"\$(\d+)\b")
_UPDATE = re.compile(r"^(UPDATE \S+ SET [^()$]*(?:\$\d+[^()$]*)*) (WHERE [^()]*)$")
_INSERT = re.compile(r"^(INSERT INTO \S+ \(([^()]*)\)) VALUES \(([^()]*)\)"
                     r"(?: ON CONFLICT \(([^()]*)\) DO NOTHING)?(?: RETURNING (\S+))?$")


@dataclass(frozen=True)
class ArrayWrite:
    sql: str
    kind: str  # "update", "insert" or "insert-or-not" (ON CONFLICT DO NOTHING)
    key_places: tuple[int, ...]  # the parameters naming a copy's row: the WHERE's, or the conflict's columns'
    returns_ids: bool  # a plain INSERT handing back its new rows' serial ids


@functools.lru_cache(maxsize=256)
def array_write(plan: Plan) -> ArrayWrite | None:
    """The plan's write over arrays, if its shape is one recognized; None for any other (or types not yet known)."""
    if plan.row_type is not None and not _returns_serial_id(plan):
        return None
    if not plan.parameter_types or len(plan.parameter_types) != len(plan.names):
        return None
    rows = array_rows(plan)
    if (update := _UPDATE.match(plan.sql)) and plan.row_type is None:
        set_part, where_part = update.groups()
        return ArrayWrite(f"{inline(set_part)} FROM {rows} {inline(where_part)} RETURNING p.i - 1", "update",
                          _places(where_part), False)
    if not (insert := _INSERT.match(plan.sql)):
        return None
    head, columns, values, conflict, returning = insert.groups()
    items = [value.strip() for value in values.split(",")]
    if any(_PARAMETER.match(item) is None for item in items):
        return None
    select = f"{head} SELECT {inline(values)} FROM {rows} ORDER BY p.i"
    if conflict is not None:
        if returning is not None:
            return None
        keys = [key.strip() for key in conflict.split(",")]
        named = [column.strip() for column in columns.split(",")]
        places = tuple(_places(items[named.index(key)])[0] for key in keys)
        return ArrayWrite(f"{select} ON CONFLICT ({conflict}) DO NOTHING RETURNING {', '.join(keys)}",
                          "insert-or-not", places, False)
    # A RETURNING nobody reads (SQLAlchemy's of the new key) is left out.
    ids = plan.row_type is not None
    return ArrayWrite(f"{select} RETURNING {returning}" if ids else select, "insert", (), ids)


def fits(write: ArrayWrite, copies: Sequence[Any]) -> bool:
    """Whether the copies (their ``values``) aim at different rows, so their results can be told apart."""
    if not write.key_places:
        return True
    keys = {tuple(copy.values[place] for place in write.key_places) for copy in copies}
    return len(keys) == len(copies)


def write_results(write: ArrayWrite, plan: Plan, copies: Sequence[Any], records: Sequence[Any]) -> list[PlannedResult]:
    """Each copy's result, in the copies' order."""
    if write.kind == "update":
        changed = [0] * len(copies)
        for (place,) in records:
            changed[place] += 1
        return [PlannedResult([], count) for count in changed]
    if write.kind == "insert-or-not":
        added = {tuple(record) for record in records}
        return [PlannedResult([], int(tuple(copy.values[place] for place in write.key_places) in added))
                for copy in copies]
    if len(records) != (len(copies) if write.returns_ids else 0):
        raise RuntimeError(f"an INSERT of {len(copies)} rows returned {len(records)}")
    if not write.returns_ids:
        return [PlannedResult([], 1) for _ in copies]
    ids = sorted(record[0] for record in records)
    return [PlannedResult([converted(plan, (new_id,))], 1) for new_id in ids]


def _returns_serial_id(plan: Plan) -> bool:
    """Whether the plan returns only its table's serial key (an INSERT's new row's id)."""
    if len(plan.columns) != 1:
        return False
    column = plan.columns[0]
    return bool(getattr(column, "primary_key", False)) and isinstance(getattr(column, "type", None), Integer) \
        and getattr(column, "autoincrement", None) in (True, "auto")


def array_rows(plan: Plan) -> str:
    """The plan's parameters as rows read from arrays, one array per parameter (or from one JSON text, where the
    types allow: storage/json_rows.py): ``p.a1``... and ``p.i``, the row's place from 1."""
    if rows_as_json(plan.parameter_types):
        return json_rows_clause(plan.parameter_types)
    arrays = ", ".join(f"${number}::{type_}[]" for number, type_ in enumerate(plan.parameter_types, 1))
    columns = ", ".join(f"a{number}" for number in range(1, len(plan.parameter_types) + 1))
    return f"unnest({arrays}) WITH ORDINALITY AS p({columns}, i)"


def inline(sql: str) -> str:
    """The statement's parameters read from the arrays' row instead: ``$2`` is ``p.a2``."""
    return _PARAMETER.sub(lambda number: f"p.a{number.group(1)}", sql)


def _places(sql: str) -> tuple[int, ...]:
    """The (0-based) places of the parameters ``sql`` names."""
    return tuple(int(number) - 1 for number in _PARAMETER.findall(sql))
