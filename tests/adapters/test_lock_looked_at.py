"""A Telegram webhook start looks at the polling lock without holding it (storage/process_lock.refuse_if_held):
refused while a poller holds it, never by another replica looking at the same moment, and leaving it free."""

from __future__ import annotations

import contextlib
import fcntl
import os
from collections.abc import AsyncIterator

import asyncpg
import pytest
from sqlalchemy.engine import make_url

from adapters.telegram.spec import TelegramSettings
from storage.advisory_lock import advisory_key
from storage.database import sqlite_file
from storage.file_locks import lock_file
from storage.held_lock import LockHeld
from storage.process_lock import process_lock, refuse_if_held
from tests.pg_cluster import asyncpg_url

TOKEN = "123456:SECRET-test-token"
SECRET = "webhook-secret-0123456789"


def polling_lock() -> str:
    webhook = TelegramSettings(token=TOKEN, webhook_url="https://quiz.example.org/telegram",
                               webhook_secret=SECRET).single_process()
    assert webhook is not None and webhook.locks == [] and webhook.agreement is None  # it holds nothing
    polling = TelegramSettings(token=TOKEN).single_process()
    assert polling is not None and list(webhook.excluded_by) == polling.locks
    return polling.locks[0]


async def test_a_look_sees_a_poller_holding_the_lock(any_database_url: str) -> None:
    async with process_lock(any_database_url, polling_lock()):
        with pytest.raises(LockHeld):
            await refuse_if_held(any_database_url, polling_lock())


async def test_looks_at_once_dont_see_each_other_and_leave_the_lock_free(any_database_url: str) -> None:
    async with another_look(any_database_url, polling_lock()):  # another replica's look, under way
        await refuse_if_held(any_database_url, polling_lock())
    async with process_lock(any_database_url, polling_lock()):  # a poller may still take it
        pass


@contextlib.asynccontextmanager
async def another_look(url: str, name: str) -> AsyncIterator[None]:
    """The lock held as a look holds it for a moment: shared."""
    file = sqlite_file(make_url(url))
    if file is not None:
        file.parent.mkdir(parents=True, exist_ok=True)
        descriptor = os.open(lock_file(file, name), os.O_RDWR | os.O_CREAT, 0o600)
        try:
            fcntl.flock(descriptor, fcntl.LOCK_SH | fcntl.LOCK_NB)
            yield
        finally:
            os.close(descriptor)
        return
    connection = await asyncpg.connect(asyncpg_url(url))
    try:
        assert await connection.fetchval("SELECT pg_try_advisory_lock_shared($1)", advisory_key(name))
        yield
    finally:
        await connection.close()
