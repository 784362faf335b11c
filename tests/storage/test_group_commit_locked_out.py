"""Another process holding SQLite's write lock past the busy timeout: the actions queued behind the BEGIN that
waited it out fail with it, rather than each waiting out the busy timeout again, one after another (a hundred
learners' actions queued during a long lock would each wait minutes, and every retry as long again)."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

from bot.ports import StorageBusy
from tests.storage.test_group_commit import open_writer


async def test_actions_queued_behind_a_begin_that_waited_out_another_processs_lock_fail_with_it(
        tmp_path: Path) -> None:
    begins: list[str] = []
    units, _batches, writer = await open_writer(
        tmp_path, busy_timeout_ms=300, trace=lambda sql: begins.append(sql) if sql.startswith("BEGIN") else None)
    other_process = sqlite3.connect(tmp_path / "quiztutor.sqlite3", isolation_level=None)
    other_process.execute("BEGIN IMMEDIATE")
    try:
        async def act() -> None:
            async with units():
                pass

        failures = await asyncio.gather(*(act() for _ in range(4)), return_exceptions=True)
        assert [type(failure) for failure in failures] == [StorageBusy] * 4
        assert len(begins) == 1  # before: 4, the last action failing after four busy timeouts
        other_process.execute("ROLLBACK")
        async with units() as unit:  # the lock gone, the next action begins as ever
            await unit.commit()
        assert len(begins) == 2
    finally:
        other_process.close()
        writer.close()
