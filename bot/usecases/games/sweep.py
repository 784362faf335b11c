"""Games whose phase ran out of time: the lobby closes, a question closes, the next one (or the podium) follows.

Deadlines live in the database, so a restart loses no game: the next sweep finds what is due.
"""

from __future__ import annotations

import asyncio
import logging

from bot.games.delivery import Stage
from bot.games.replies import GameEvent
from bot.ports import UnitOfWork
from bot.usecases.games.table import GameTable

log = logging.getLogger(__name__)

BATCH = 200  # games per sweep; a sweeper that gets a full batch asks again at once


class GameSweep:
    def __init__(self, table: GameTable, batch: int = BATCH) -> None:
        self._table = table
        self.batch = batch

    async def sweep(self, platform: str, stage: Stage) -> int:
        """Move on every game of the platform whose phase is due, each under its lock; how many moved."""
        core = self._table.core
        due = await core.turns.run_unlocked(lambda uow: uow.games.due(platform, core.clock(), self.batch))
        moved = await asyncio.gather(*(self._move(platform, game.id, stage) for game in due), return_exceptions=True)
        for failure in (result for result in moved if isinstance(result, BaseException)):
            log.error("a %s game could not move on; the next sweep tries again", platform, exc_info=failure)
        return sum(1 for result in moved if result is True)

    async def _move(self, platform: str, game_id: str, stage: Stage) -> bool:
        table = self._table

        async def work(uow: UnitOfWork) -> list[GameEvent]:
            now = table.core.clock()
            game = await uow.games.claim_due(game_id, now)
            if game is None:
                return []  # moved on a moment ago, or being moved (or answered) in another process right now
            events = await table.phases.move_on(uow, game, now)
            await uow.commit()
            return events

        async with table.locks.of(game_id):
            events = await table.core.turns.run_unlocked(work)
            try:
                await table.show(platform, events, stage)
            except Exception:  # committed: the game goes on; those who missed a message see the next one
                log.exception("could not show a %s game's next step in chat %s", platform,
                              events[0].chat_id if events else "?")
            return bool(events)
