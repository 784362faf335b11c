"""Many learners' copies of one planned statement sent as one: the shared transaction's hot path on PostgreSQL.

On a database server every statement costs a round trip and a message's parsing, binding and execution start-up on
both sides, more than the four writes of an answer cost PostgreSQL to make. When the learners sharing a transaction
(storage/shared_transaction.py) send the same statement at once, their copies go as one statement, planned once:

- a read runs once for each row of its parameters' arrays, in the arrays' order (LATERAL):

      SELECT p.i - 1, q.* FROM unnest($1::varchar[]) WITH ORDINALITY AS p(a1, i)
      CROSS JOIN LATERAL (<the read, $1 as p.a1>) AS q

- the answer's writes (UPDATE, INSERT) likewise read their rows from arrays (storage/merged_writes.py);
- any other statement goes as one WITH query per copy, its parameters renumbered, in statements of power-of-two
  sizes so that the driver prepares each shape once:

      WITH m0 AS (<the statement, $1…$n>), m1 AS (<the statement, $n+1…$2n>), …
      SELECT 0, m0.* FROM m0 UNION ALL SELECT 1, m1.* FROM m1 …

The first column says whose rows each is. The copies share one snapshot, which is safe because a shared
transaction only holds learners' own rows (each learner's lock lets one action of theirs in at a time). Copies go
in the order of their parameters, so that two processes' shared transactions take their row locks in the same
order.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from operator import itemgetter
from typing import Any

from storage.json_rows import json_rows, rows_as_json
from storage.merged_writes import array_rows, array_write, fits, inline, write_results
from storage.planned import Plan, PlannedResult, converted

MOST_COPIES = 64  # in one statement: the largest shared transaction
_PARAMETER = re.compile(r"\$(\d+)\b")
_RETURNING = re.compile(r"\bRETURNING\b")
_ONE_ROW = re.compile(r"\bLIMIT 1\b")


@dataclass
class Copy:
    """One learner's statement: its plan's converted parameters, whose it is, and once sent its result."""
    values: list[Any]
    owner: Any
    result: PlannedResult | None = None


def statement_sizes(plan: Plan, count: int, most: int = MOST_COPIES) -> list[int]:
    """How many copies each statement sends: a read's copies all in one; a write's as statements of power-of-two
    sizes, largest first (13 as 8, 4 and 1)."""
    if _lateral(plan) or array_write(plan) is not None:
        return [count]
    sizes = []
    while count:
        size = min(1 << (count.bit_length() - 1), most)
        sizes.append(size)
        count -= size
    return sizes


@functools.lru_cache(maxsize=512)
def merged_sql(plan: Plan, copies: int) -> str:
    """The statement that runs ``copies`` copies of ``plan``'s SQL: a read once for each row of its parameters'
    arrays; a write in a WITH query of its own for each copy."""
    if _lateral(plan):
        return f"SELECT p.i - 1, q.* FROM {array_rows(plan)} CROSS JOIN LATERAL ({inline(plan.sql)}) AS q"
    if (write := array_write(plan)) is not None:
        return write.sql
    parameters = len(plan.names)
    queries, selects = [], []
    for copy in range(copies):
        sql = _PARAMETER.sub(_shifted(copy * parameters), plan.sql)
        if plan.row_type is None:  # a write that returns nothing: its rows are counted
            # (SQLAlchemy may have added a RETURNING of the new row's key that nobody reads.)
            queries.append(f"m{copy} AS ({sql})" if _RETURNING.search(sql) else f"m{copy} AS ({sql} RETURNING 1)")
            selects.append(f"SELECT {copy}, count(*) FROM m{copy}")
        else:
            queries.append(f"m{copy} AS ({sql})")
            selects.append(f"SELECT {copy}, m{copy}.* FROM m{copy}")
    return f"WITH {', '.join(queries)} {' UNION ALL '.join(selects)}"


def merged_values(plan: Plan, copies: Sequence[Copy]) -> list[Any]:
    """The merged statement's parameters: a read's (or a write's over arrays) as one JSON text of their rows
    where their types allow, else as one array for each of its parameters."""
    if _lateral(plan) or array_write(plan) is not None:
        if rows_as_json(plan.parameter_types):
            return [json_rows(plan.parameter_types, [copy.values for copy in copies])]
        return [list(column) for column in zip(*(copy.values for copy in copies), strict=True)]
    return [value for copy in copies for value in copy.values]


def _lateral(plan: Plan) -> bool:
    """A read whose parameters' types the driver told: its copies share one plan on the server, each row of
    the parameters' arrays joined to the read (LATERAL), in the arrays' order."""
    return plan.row_type is not None and bool(plan.parameter_types) and plan.sql.startswith("SELECT ")


def _shifted(shift: int) -> Callable[[re.Match[str]], str]:
    """A parameter's new number: ``$2`` of the third copy of a statement of 4 parameters is ``$10``."""
    return lambda number: f"${int(number.group(1)) + shift}"


def in_lock_order(copies: Sequence[Copy]) -> list[Copy]:
    """The copies ordered by their parameters as text, the same order in every process. Most statements' first
    parameter (a session's, card's or review's id) tells their copies apart, and then it alone orders them as all
    would: the other parameters (a session's whole row) are made text only when it doesn't (5% of an answer's CPU)."""
    firsts = [str(copy.values[0]) if copy.values else "" for copy in copies]
    if len(set(firsts)) == len(firsts):
        return [copy for _, copy in sorted(zip(firsts, copies, strict=True), key=itemgetter(0))]
    return sorted(copies, key=lambda copy: tuple(map(str, copy.values)))


def share_out(plan: Plan, copies: Sequence[Copy], records: Sequence[Any]) -> None:
    """Each copy's result from the merged statement's records (their first column the copy's place, but for a
    write over arrays: storage/merged_writes.py)."""
    if (write := array_write(plan)) is not None:
        for copy, result in zip(copies, write_results(write, plan, copies, records), strict=True):
            copy.result = result
        return
    rows: list[list[Any]] = [[] for _ in copies]
    for record in records:
        place, *columns = record
        if plan.row_type is None:
            copies[place].result = PlannedResult([], int(columns[0]))
        else:
            rows[place].append(converted(plan, columns))
    if plan.row_type is not None:
        for copy, its_rows in zip(copies, rows, strict=True):
            copy.result = PlannedResult(its_rows, len(its_rows))


def mergeable(plan: Plan, copies: Sequence[Copy]) -> bool:
    """Whether copies of the plan can share a statement: its parameters' and results' types must be known (a
    plan's first run asks the driver), its rows' order must not matter (rows of a WITH query come back in no
    promised order; an ORDER BY that picks one row with LIMIT 1 is fine), and a write over arrays must aim each
    copy at a row of its own."""
    if plan.names and not plan.parameter_types:  # the first copy, sent alone, learns them
        return False
    if (write := array_write(plan)) is not None:
        return fits(write, copies)
    return plan.typed and (" ORDER BY " not in plan.sql or _ONE_ROW.search(plan.sql) is not None)
