"""A merged statement's rows as one JSON parameter, where its parameters' types allow (storage/merged_writes.py).

Sent as one array per parameter, every value of every copy costs the driver an ABC check before it is encoded
(asyncpg asks each element whether it is a sub-array): about 5 µs of client CPU for a row of 11 values, against
2 µs for the same row in one JSON text that the server reads with ``json_to_recordset``
(benchmarks/HISTORY.md, stop 66). On one process the client's CPU is what bounds PostgreSQL's answers.

Only types whose JSON form the server reads back exactly go this way: JSON numbers and strings are read by the
column type's own input function, and a moment is written with its offset. A float that JSON can't hold (NaN,
infinities) goes as the text PostgreSQL's float input reads.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Sequence
from typing import Any

import orjson

JSON_TYPES = frozenset({"bool", "int2", "int4", "int8", "float8", "text", "varchar", "timestamptz"})


@functools.lru_cache(maxsize=256)
def rows_as_json(parameter_types: tuple[str, ...]) -> bool:
    """Whether rows of parameters of these types go as one JSON text."""
    return bool(parameter_types) and all(type_ in JSON_TYPES for type_ in parameter_types)


def json_rows_clause(parameter_types: Sequence[str]) -> str:
    """The rows of ``$1``'s JSON text, one column ``a1``... per parameter and ``p.i``, the row's place from 1."""
    definitions = ", ".join(f"a{number} {type_}" for number, type_ in enumerate(parameter_types, 1))
    columns = ", ".join(f"a{number}" for number in range(1, len(parameter_types) + 1))
    return f"ROWS FROM (json_to_recordset($1::json) AS ({definitions})) WITH ORDINALITY AS p({columns}, i)"


def json_rows(parameter_types: tuple[str, ...], rows: Sequence[Sequence[Any]]) -> str:
    """The rows as ``json_to_recordset``'s text: one object per row, keyed ``a1``..."""
    keys = _keys(len(parameter_types))
    floats = _float_places(parameter_types)
    if floats:
        rows = [_finite(row, floats) for row in rows]
    return orjson.dumps([dict(zip(keys, row, strict=True)) for row in rows]).decode()


@functools.lru_cache(maxsize=64)
def _keys(count: int) -> tuple[str, ...]:
    return tuple(f"a{number}" for number in range(1, count + 1))


@functools.lru_cache(maxsize=256)
def _float_places(parameter_types: tuple[str, ...]) -> tuple[int, ...]:
    return tuple(place for place, type_ in enumerate(parameter_types) if type_ == "float8")


def _finite(row: Sequence[Any], floats: tuple[int, ...]) -> Sequence[Any]:
    """The row with any NaN or infinity as PostgreSQL's text for it (orjson would write null)."""
    if all(row[place] is None or math.isfinite(row[place]) for place in floats):
        return row
    fixed = list(row)
    for place in floats:
        value = fixed[place]
        if value is not None and not math.isfinite(value):
            fixed[place] = "NaN" if math.isnan(value) else ("Infinity" if value > 0 else "-Infinity")
    return fixed
