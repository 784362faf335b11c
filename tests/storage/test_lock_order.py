"""The order a shared transaction sends merged copies in, which is the order their rows are locked: the same in
every process, so two processes' transactions never wait on each other in a circle. Its shortcut (the first
parameter alone, when it tells the copies apart) must order them exactly as all their parameters would."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from storage.merged_statements import Copy, in_lock_order

VALUES = st.one_of(st.none(), st.integers(-20, 20), st.sampled_from(["a", "b", "s-1", "s-10", "s-9", "Z", ""]),
                   st.booleans(), st.integers(0, 5).map(lambda n: datetime(2026, 12, 6, tzinfo=UTC)
                                                         + timedelta(hours=n)))


def by_every_parameter(copies: list[Copy]) -> list[Copy]:
    return sorted(copies, key=lambda copy: tuple(map(str, copy.values)))


@given(st.lists(st.lists(VALUES, min_size=0, max_size=4), max_size=12))
def test_copies_are_ordered_as_all_their_parameters_as_text_order_them(rows: list[list[Any]]) -> None:
    copies = [Copy(values, owner=n) for n, values in enumerate(rows)]
    assert [c.owner for c in in_lock_order(copies)] == [c.owner for c in by_every_parameter(copies)]


def test_the_order_is_the_same_whatever_order_the_copies_came_in() -> None:
    rows: list[list[Any]] = [["s-10", 1], ["s-9", 2], ["s-1", 3], [None, 4], [7, 5]]
    one = in_lock_order([Copy(values, owner=tuple(values)) for values in rows])
    other = in_lock_order([Copy(values, owner=tuple(values)) for values in reversed(rows)])
    # As text: "7" < "None" < "s-1" < "s-10" < "s-9"
    assert [c.owner for c in one] == [c.owner for c in other] == [(7, 5), (None, 4), ("s-1", 3), ("s-10", 1),
                                                                   ("s-9", 2)]
