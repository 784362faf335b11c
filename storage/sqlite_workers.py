"""aiosqlite's worker thread after a connect that failed: waited for, so that it never finds the event loop closed.

aiosqlite runs each connection on a thread of its own. When the connect fails it stops that thread without waiting
for it, and the thread then hands the stop's result to the event loop. A command exiting on the failure (`quiztutor
stats` on a file it may not read) may have closed its loop by then: the thread printed "RuntimeError: Event loop is
closed" with a traceback after the command's one-line message, now and then.
"""

from __future__ import annotations

import asyncio
import threading
from typing import Any

from sqlalchemy import Engine, event
from sqlalchemy.util import await_only

# Python names a thread after its target, and aiosqlite's each run this one (aiosqlite/core.py).
WORKER_NAME_END = "(_connection_worker_thread)"
# Seconds to wait for it: it has a connection to close that was never opened, and ends; one stuck isn't waited out.
WORKER_WAIT = 1.0


def wait_for_failed_connects(engine: Engine) -> None:
    """An aiosqlite engine's connects, each waiting for the worker thread it started when it fails."""
    @event.listens_for(engine, "do_connect")
    def connect(dialect: Any, _record: Any, cargs: Any, cparams: Any) -> Any:
        before = set(threading.enumerate())
        try:
            return dialect.connect(*cargs, **cparams)
        except Exception:
            for thread in set(threading.enumerate()) - before:
                if thread.name.endswith(WORKER_NAME_END):
                    await_only(asyncio.to_thread(thread.join, WORKER_WAIT))  # the connect runs in a greenlet
            raise
