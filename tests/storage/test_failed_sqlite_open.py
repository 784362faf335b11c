"""A SQLite file that can't be opened (unreadable, a URI naming a file not there in read-only mode): aiosqlite stops
its worker thread without waiting for it, and the thread then hands its result to the event loop. A command exiting
on the failure had closed that loop by then, now and then: "Exception in thread ... RuntimeError: Event loop is
closed" and its traceback after the command's one line. Each connect that fails now waits for its thread."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path

import pytest
from sqlalchemy import text
from sqlalchemy.exc import OperationalError
from sqlalchemy.ext.asyncio import AsyncEngine

from storage.database import create_engine, create_unpooled_engine

TRIES = 50  # without the wait, about two in three left the thread to find the loop closed


async def _open_and_fail(make: Callable[[str], AsyncEngine], url: str) -> None:
    engine = make(url)
    try:
        with pytest.raises(OperationalError, match="unable to open database file"):
            async with engine.connect() as connection:
                await connection.execute(text("SELECT 1"))
    finally:
        await engine.dispose()


@pytest.mark.filterwarnings("error::pytest.PytestUnhandledThreadExceptionWarning")
@pytest.mark.parametrize("make", [create_engine, create_unpooled_engine], ids=["pooled", "unpooled"])
def test_a_failed_open_leaves_no_thread_to_find_the_loop_closed(
        tmp_path: Path, make: Callable[[str], AsyncEngine]) -> None:
    url = f"sqlite+aiosqlite:///file:{tmp_path / 'not-there.sqlite3'}?mode=ro&uri=true"
    for _ in range(TRIES):
        asyncio.run(_open_and_fail(make, url))  # the loop closed as soon as the failure is out
