"""The bot killed at one REST call (kill -9, a deploy): the call never reaches Discord, and the database as it stood
at that moment is what the next start finds. What the dying process did after it (its connections closed under
it) is undone: the database is put back as it was at the call."""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from datetime import datetime
from pathlib import Path
from typing import Any

from adapters.runtime import utc_now
from adapters.settings import Settings
from tests.discord.fake_discord import FakeDiscord
from tests.discord.fake_records import Call
from tests.discord.harness import RunningBot, running_bot


class CrashAt:
    """The first call ``at`` picks hangs (a copy of the database taken) until ``drop``, then is refused unrecorded."""

    def __init__(self, fake: FakeDiscord, settings: Settings, at: Callable[[Call], bool]) -> None:
        self.reached = asyncio.Event()
        self._dropped = asyncio.Event()
        self._fake, self._at = fake, at
        self._database = settings.data_dir / "quiztutor.sqlite3"
        self._copy = settings.data_dir / "as-at-the-crash.sqlite3"
        fake.before_call = self._hang

    async def _hang(self, call: Call) -> None:
        if not self._at(call):
            return
        self._fake.before_call = None
        await asyncio.to_thread(_copy, self._database, self._copy)
        self.reached.set()
        await self._dropped.wait()
        raise ConnectionResetError("the bot died before this call went out")

    def drop(self) -> None:
        self._dropped.set()

    def put_back(self) -> None:
        """The database as the crash left it (the bot stopped: nothing else has it open)."""
        _copy(self._copy, self._database)


def _copy(source: Path, target: Path) -> None:
    with sqlite3.connect(source) as reading, sqlite3.connect(target) as writing:
        reading.backup(writing)
    reading.close()
    writing.close()


@asynccontextmanager
async def crashing_at(fake: FakeDiscord, settings: Settings, at: Callable[[Call], bool],
                      clock: Callable[[], datetime] = utc_now, **running: Any) -> AsyncIterator[RunningBot]:
    """Within: the bot is up, and dies at the first call ``at`` picks; at the end, it is down, its database as it
    was at that call."""
    crash = CrashAt(fake, settings, at)
    try:
        async with running_bot(settings, fake, clock, **running) as bot:
            yield bot
            await asyncio.wait_for(crash.reached.wait(), 5)
    finally:
        crash.drop()
    await asyncio.to_thread(crash.put_back)


def a_poll(call: Call) -> bool:
    """The next question's poll, posted."""
    return call.method == "POST" and isinstance(call.body, dict) and bool(call.body.get("poll"))


def a_poll_ended(call: Call) -> bool:
    """The answered question's poll, ended before what follows it is said."""
    return call.method == "POST" and call.path.endswith("/expire")
