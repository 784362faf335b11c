"""The game polls this process sent, and the ones being sent right now.

A vote names only its poll. Telegram may deliver it before sendPoll has even returned: a vote on a poll nobody
knows waits for the sends under way, then looks again. A known poll names its game and question at once (the
vote then waits for the game's lock, which its sender holds until the poll's link is stored), and skips the
look-up among learners' own quizzes. Polls sent before a restart, or by another process, are found in the
database instead.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections import OrderedDict
from collections.abc import AsyncIterator

KEEP = 10_000  # recent poll ids remembered; older ones are found in the database
SETTLE_TIMEOUT = 10.0  # seconds a vote waits for sends under way


class GamePolls:
    def __init__(self) -> None:
        self._known: OrderedDict[str, tuple[str, int]] = OrderedDict()  # poll id -> (game id, question's place)
        self._sending = 0
        self._idle = asyncio.Event()
        self._idle.set()

    @contextlib.asynccontextmanager
    async def sending(self) -> AsyncIterator[None]:
        """Around sending a game poll and storing its link."""
        self._sending += 1
        self._idle.clear()
        try:
            yield
        finally:
            self._sending -= 1
            if not self._sending:
                self._idle.set()

    def add(self, poll_id: str, game_id: str, position: int) -> None:
        self._known[poll_id] = (game_id, position)
        while len(self._known) > KEEP:
            self._known.popitem(last=False)

    def get(self, poll_id: str) -> tuple[str, int] | None:
        return self._known.get(poll_id)

    @property
    def busy(self) -> bool:
        return self._sending > 0

    async def settled(self) -> None:
        """Wait until no game poll is being sent (or the settle timeout passed)."""
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._idle.wait(), SETTLE_TIMEOUT)
