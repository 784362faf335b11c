"""The garbage collector and a long-running bot: what start-up loads lives as long as the services."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def start_up_objects_frozen() -> Iterator[None]:
    """Hide every object alive now (the quizzes, the texts, SQLAlchemy's metadata and compiled statements) from
    the collector until the block ends.

    Each full collection walks every tracked object, and a burst of answers triggers several: without these
    (about 100,000) in the walk, 500 learners answering at once on SQLite cost 7% less CPU per answer on the
    button path and 11% on the chat path (benchmarks/README.md). Frozen objects are still freed when nothing
    refers to them; only garbage cycles among them (a catalog replaced by /reload, if it holds any) wait for
    the block's end.

    The freeze is the whole process's: when services are opened inside others' block (two in one test), only
    the outermost block freezes and thaws.
    """
    outermost = gc.get_freeze_count() == 0
    if outermost:
        gc.freeze()
    try:
        yield
    finally:
        if outermost:
            gc.unfreeze()
