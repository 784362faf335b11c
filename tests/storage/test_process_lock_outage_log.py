"""A poller's PostgreSQL lock lost in an outage is taken again at every check until the database is back: the log
says the outage once, as each sweeper does, and once more when the lock is held again, not a line every check (a
WARNING every 5 s for as long as the database is away)."""

from __future__ import annotations

import asyncio
import logging

import pytest

from storage.process_lock import process_lock
from tests.storage.test_process_lock import problem_becomes
from tests.support.tcp_proxy import proxied

LOST = "lost with its database connection; taking it again"
CHECK_SECONDS = 0.05
OUTAGE_SECONDS = 1.0  # about twenty checks, each an attempt to take the lock again


async def test_an_outage_is_said_once_however_many_attempts_it_takes_to_hold_the_lock_again(
        postgres_url: str, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO, logger="storage.advisory_lock")
    proxy, through_proxy = await proxied(postgres_url)
    try:
        async with process_lock(through_proxy, "telegram-polling-1", check_seconds=CHECK_SECONDS) as held:
            await proxy.cut()  # refused from now on: every attempt fails at once
            await problem_becomes(held, LOST, within=5)
            await asyncio.sleep(OUTAGE_SECONDS)
            await proxy.open()
            await problem_becomes(held, None, within=5)
    finally:
        await proxy.cut()
    said = [record.getMessage() for record in caplog.records
            if record.name == "storage.advisory_lock" and record.levelno >= logging.INFO]
    assert len(said) == 3, said
    lost, failed, taken = said
    assert lost.startswith("the database connection holding the lock telegram-polling-1 was lost"), said
    assert failed.startswith("taking the lock telegram-polling-1 again failed; trying again every 0.05 s, said "
                             "again once it is held: ConnectionRefusedError"), said
    assert taken.startswith("took the lock telegram-polling-1 again on a new database connection, after "), said
    attempts = int(taken.split(", after ")[1].split()[0])
    assert attempts >= 5, said  # every attempt of the outage counted, none of them said
