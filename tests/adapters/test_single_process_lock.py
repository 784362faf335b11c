"""The lock that keeps Telegram long polling to one process, as `quiztutor run` watches it: /readyz says when it
is lost with its database connection, and clears once it is taken again."""

from __future__ import annotations

import asyncio

import pytest
from sqlalchemy.engine import make_url

from adapters.cli.run import SingleProcessLock
from adapters.platform import SingleProcess
from adapters.readiness import Readiness
from storage.held_lock import LockHeld
from storage.process_lock import process_lock
from tests.support.tcp_proxy import TcpProxy

POLLING = SingleProcess({"telegram-polling-1": "another process on this database is already polling"})


async def nothing_wrong() -> None:
    pass


async def problems_become(readiness: Readiness, expected: list[str], within: float = 10.0) -> None:
    async def poll() -> None:
        while True:
            if await readiness.problems() == expected:
                return
            await asyncio.sleep(0.02)
    await asyncio.wait_for(poll(), within)


async def test_readiness_fails_while_the_lock_is_lost_with_the_database_and_recovers_once_taken_again(
        postgres_url: str) -> None:
    server = make_url(postgres_url)
    proxy = TcpProxy(server.host or "127.0.0.1", server.port or 5432)
    await proxy.open()
    through_proxy = server.set(host="127.0.0.1", port=proxy.port).render_as_string(hide_password=False)
    try:
        async with process_lock(through_proxy, *POLLING.locks, check_seconds=0.05) as held:
            readiness = Readiness(nothing_wrong, [SingleProcessLock(POLLING, held)])
            assert await readiness.problems() == []
            await proxy.cut()  # the database goes away: its session, and the lock, end with the connection
            await problems_become(readiness, ["lock telegram-polling-1: lost with its database connection; "
                                              "taking it again"])
            await proxy.open()
            await problems_become(readiness, [])
            with pytest.raises(LockHeld):  # held again: a second poller is refused
                async with process_lock(postgres_url, *POLLING.locks):
                    pass
    finally:
        await proxy.cut()
