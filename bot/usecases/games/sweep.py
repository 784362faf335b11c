"""Games whose phase ran out of time: the lobby closes, a question closes, the next one (or the podium) follows.

Deadlines live in the database, so a restart loses no game: the next sweep finds what is due.
"""

from __future__ import annotations

import asyncio
import functools
import logging
from collections import Counter, defaultdict
from collections.abc import Coroutine
from datetime import datetime, timedelta
from typing import Any

from bot.delivery import MaybeDelivered
from bot.games.delivery import Stage
from bot.games.replies import GameEvent
from bot.ports import UnitOfWork
from bot.usecases.games.table import GameTable
from bot.usecases.games.votes_under_way import VOTES_WAIT

log = logging.getLogger(__name__)

BATCH = 200  # games a sweep starts moving at most; a sweeper told of games moved asks again at once


class GameSweep:
    """Each due game moves on in a task of its own: a chat whose messages are slow to go out (a group's flood
    control, a slow network) holds up its own game only, not every other game of the process."""

    def __init__(self, table: GameTable) -> None:
        self._table = table
        # By platform, then game id: one move per game at a time in this process (SKIP LOCKED sees to others).
        self._moving: defaultdict[str, dict[str, asyncio.Task[bool]]] = defaultdict(dict)
        self._moved: Counter[str] = Counter()  # by platform: moves done since the sweeper last asked
        # By platform: when this process first looked for questions answered in full, until it looked for the last
        # time (see _close_answered)
        self._first_look: dict[str, datetime] = {}
        self._looked: set[str] = set()

    async def sweep(self, platform: str, stage: Stage) -> int:
        """Move on every game of the platform whose phase is due, and wait until each has been shown; how many
        moved (for callers that want it all done when it returns: the game sweeper doesn't wait)."""
        moved = await asyncio.gather(*await self._start(platform, stage))
        return sum(moved)

    async def sweep_in_background(self, platform: str, stage: Stage) -> int:
        """Start a move for every game of the platform whose phase is due and that is not moving already, without
        waiting for any; how many of the platform's moves moved a game since the last call."""
        await self._start(platform, stage)
        moved, self._moved[platform] = self._moved[platform], 0
        return moved

    def moving(self, platform: str) -> set[asyncio.Task[bool]]:
        """The platform's moves under way (a stopping sweeper lets them finish)."""
        return set(self._moving[platform].values())

    async def _start(self, platform: str, stage: Stage) -> list[asyncio.Task[bool]]:
        core = self._table.core
        moving = self._moving[platform]
        # As many more as are moving still: games beyond a batch of slow ones are not left waiting behind them.
        limit = BATCH + len(moving)
        due = await core.turns.run_unlocked(lambda uow: uow.games.due(platform, core.clock(), limit))
        started: list[asyncio.Task[bool]] = []
        for game in due:
            if len(started) == BATCH:
                break
            if game.id in moving:
                continue  # its move (or its show) is under way: the next sweep looks again if it is still due
            started.append(self._track(platform, game.id, self._move(platform, game.id, stage)))
        if platform not in self._looked:
            started += await self._close_answered(platform, stage)
        return started

    async def _close_answered(self, platform: str, stage: Stage) -> list[asyncio.Task[bool]]:
        """From the first sweep: questions every player answered, whose close a process put off for a vote still
        coming in (VotesUnderWay.put_off_close) and stopped before it came (its handler cancelled, or killed). That
        close was kept in its memory alone: without this, each would wait for its deadline. Only those last
        answered VOTES_WAIT ago or more, before this process looked first: a close put off since may be another
        replica's, still running, whose vote is on its way (a newcomer's being checked), and its own to make. So
        each sweep looks until VOTES_WAIT after the first."""
        now = self._table.core.clock()
        first = self._first_look.setdefault(platform, now)
        answered_by = min(first, now - timedelta(seconds=VOTES_WAIT))
        if answered_by == first:
            self._looked.add(platform)  # the last look: later answers are the running processes' own
        moving = self._moving[platform]
        answered = await self._table.core.turns.run_unlocked(
            lambda uow: uow.games.answered_open(platform, BATCH, answered_by))
        return [self._track(platform, game_id, self._close(platform, game_id, stage))
                for game_id in answered if game_id not in moving]

    def _track(self, platform: str, game_id: str, work: Coroutine[Any, Any, bool]) -> asyncio.Task[bool]:
        """``work`` on the game, in a task of its own, as the game's one move under way in this process."""
        task = asyncio.create_task(work, name=f"{platform}-game-{game_id}")
        self._moving[platform][game_id] = task
        task.add_done_callback(functools.partial(self._done, platform, game_id))
        return task

    async def _close(self, platform: str, game_id: str, stage: Stage) -> bool:
        if self._table.votes.put_off_close(game_id, voting=False):
            return False  # a vote on it came in here meanwhile: the last of those closes it
        try:
            await self._table.close_answered(platform, game_id, stage)
        except Exception:  # the database failed: the question closes at its deadline
            log.exception("a %s game's answered question could not close; it closes when its time is up", platform)
        return False  # not counted as a move: the sweeper needn't look again at once

    def _done(self, platform: str, game_id: str, task: asyncio.Task[bool]) -> None:
        del self._moving[platform][game_id]  # added once, when absent: this is its task
        if not task.cancelled() and task.exception() is None and task.result():
            self._moved[platform] += 1

    async def _move(self, platform: str, game_id: str, stage: Stage) -> bool:
        try:
            return await self._move_on(platform, game_id, stage)
        except Exception:  # the database failed: the game is still due
            log.exception("a %s game could not move on; the next sweep tries again", platform)
            return False

    async def _move_on(self, platform: str, game_id: str, stage: Stage) -> bool:
        table = self._table

        async def work(uow: UnitOfWork) -> list[GameEvent]:
            now = table.core.clock()
            game = await uow.games.claim_due(game_id, now)
            if game is None:
                return []  # moved on a moment ago, or being moved (or answered) in another process right now
            events = await table.phases.ask_unsent(uow, game, now) or await table.phases.move_on(uow, game, now)
            await uow.commit()
            return events

        # Before the lock, which they need: a vote that came in on time is scored before its question closes.
        await table.votes.settled(game_id)
        async with table.locks.of(game_id):
            events = await table.core.turns.run_unlocked(work)
            try:
                await table.show(platform, events, stage, tell_starter=True)
            except MaybeDelivered as error:  # shown perhaps (a lost poll's votes find their question): no bug
                log.warning("a %s game's next step in chat %s may not have gone out: %s", platform,
                            events[0].chat_id if events else "?", error)
            except Exception:  # committed: the game goes on; those who missed a message see the next one
                log.exception("could not show a %s game's next step in chat %s", platform,
                              events[0].chat_id if events else "?")
            return bool(events)
