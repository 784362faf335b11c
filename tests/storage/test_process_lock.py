"""The lock a process holds while it runs (e.g. Telegram long polling): a second holder is refused at once."""

from __future__ import annotations

import pytest

from storage.process_lock import LockHeld, advisory_key, process_lock


async def test_a_second_holder_is_refused_until_the_first_lets_go(database_url: str) -> None:
    async with process_lock(database_url, "telegram-polling-1"):
        with pytest.raises(LockHeld):
            async with process_lock(database_url, "telegram-polling-1"):
                pass
        async with process_lock(database_url, "telegram-polling-2"):  # another bot: another lock
            pass
    async with process_lock(database_url, "telegram-polling-1"):  # let go: free again
        pass


async def test_an_in_memory_database_takes_no_lock() -> None:
    async with process_lock("sqlite+aiosqlite:///:memory:", "x"), process_lock("sqlite+aiosqlite:///:memory:", "x"):
        pass


def test_the_advisory_key_is_a_stable_signed_64_bit_number() -> None:
    key = advisory_key("telegram-polling-123456")
    assert key == advisory_key("telegram-polling-123456") and -2**63 <= key < 2**63
    assert key != advisory_key("telegram-polling-654321")
