"""The garbage collector and a long-running bot: what start-up loads lives as long as the services, and a burst
of answers keeps thousands of objects alive at once."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager

# Allocations between two young collections while serving (CPython's default: 700). Every tenth young collection
# is a middle one and every tenth of those a full one, which walks every answer in flight: at 5,000 learners
# answering at once, ten full collections per burst cost the chat path 15% of its CPU (benchmarks/HISTORY.md,
# engine.py, stop 23's best run). At 50,000 rather than 10,000, most of an answer's objects are freed (by reference
# count) before any collection walks them: 6-7% less CPU an answer on PostgreSQL at 500 and 3,000 learners;
# 100,000 and 200,000 gain no more (benchmarks/HISTORY.md, postgres.py, stop 54).
YOUNG_THRESHOLD = 50_000


@contextmanager
def collector_for_serving() -> Iterator[None]:
    """While the block runs, the collector skips what start-up loaded and runs less often.

    - Every object alive now (the quizzes, the texts, SQLAlchemy's metadata and compiled statements, about
      100,000) is frozen, out of every full collection's walk: 500 learners answering at once on SQLite cost 7%
      less CPU per answer on the button path and 11% on the chat path. Frozen objects are still freed when
      nothing refers to them; only garbage cycles among them (a catalog replaced by /reload, if it holds any)
      wait for the block's end.
    - Young collections come every YOUNG_THRESHOLD allocations, so a burst of 5,000 answers meets no full
      collection instead of about ten. Garbage cycles wait a little longer; objects freed by reference count
      (nearly all) are freed at once as before.

    Both are the whole process's: when services are opened inside others' block (two in one test), only the
    outermost block sets them, and puts them back as they were.
    """
    if gc.get_freeze_count() != 0:  # an outer block holds them
        yield
        return
    thresholds = gc.get_threshold()
    gc.freeze()
    gc.set_threshold(YOUNG_THRESHOLD, *thresholds[1:])
    try:
        yield
    finally:
        gc.set_threshold(*thresholds)
        gc.unfreeze()
