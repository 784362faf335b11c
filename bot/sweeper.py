"""Background tasks per platform: moving on questions whose time ran out (handing each to the adapter), and
sending the daily reminders.

Deadlines live in the database, so nothing needs re-arming after a restart: the next sweep finds them.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable, Sequence
from datetime import timedelta
from typing import Any

from bot.engine import QuizEngine
from bot.games.delivery import Stage
from bot.metrics import EVERY_PLATFORM, SWEEP_FAILED, Metrics, NullMetrics
from bot.replies import Expired, Reminder
from bot.text import one_line

log = logging.getLogger(__name__)

Outage = Callable[[BaseException], bool]  # whether a failure is an outage (the database unreachable), not a bug

MAX_INTERVAL = 10.0  # seconds: a timed-out question waits at most this long for its sweep
STOP_TIMEOUT = 10.0  # seconds a delivery under way may take to finish when the adapter stops
CANCELLED_WAIT = 1.0  # seconds a sweep cancelled past STOP_TIMEOUT gets to end
REMINDER_INTERVAL = 30.0  # seconds: reminders are due to the minute
GAME_INTERVAL = 1.0  # seconds: a game's lobby, questions and results are timed to the second
CONTENT_INTERVAL = 30.0  # seconds: another process's /reload reaches this one within half a minute
RETRY_CAP = 10.0  # seconds: the longest wait between failing sweeps (unless the interval itself is longer)
STILL_FAILING_EVERY = 60.0  # seconds between the log lines of one outage, after its first


def sweep_interval(limit: timedelta) -> float:
    """Often enough that a question's time is never overrun by more than a third of the limit, or 10 s."""
    return min(MAX_INTERVAL, limit.total_seconds() / 3)


def retry_delay(interval: float, failures: int) -> float:
    """The wait after ``failures`` sweeps failed in a row: the interval, doubled for each failure after the
    first, up to 10 s (or the interval, when longer): a database that is down is not asked every second."""
    return min(interval * 2 ** min(failures - 1, 16), max(interval, RETRY_CAP))


class Sweeper:
    """A background task that runs ``sweep`` every ``interval`` seconds (at once again while it finds work)."""

    name = "sweeper"
    looks_for = "work"  # what a sweep looks for, in the log line of a sweep that failed

    def __init__(self, platform: str, interval: float, metrics: Metrics | None = None, *,
                 still_failing_every: float = STILL_FAILING_EVERY, outage: Outage | None = None) -> None:
        """``outage``: tells an outage from a bug (adapters/failures.py): an outage's first failure is logged in
        one line, as the adapters log their events', a bug's with its traceback; without it, every first
        failure with its traceback."""
        if interval <= 0:
            raise ValueError("the sweep interval must be positive")
        self._platform = platform
        self._interval = interval
        self._still_failing_every = still_failing_every
        self._metrics = metrics or NullMetrics()
        self._outage = outage or (lambda _error: False)
        self._stopping = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        self._failures = 0  # sweeps failed in a row: an outage, while above zero
        self._outage_logged_at = 0.0  # loop time of the outage's last log line

    def start(self, after: Callable[[], Awaitable[None]] | None = None) -> None:
        """``after``: what the first sweep waits for (the updates the platform kept while the bot was away)."""
        self._stopping.clear()
        self._task = asyncio.create_task(self._run(after), name=f"{self._platform}-{self.name}")

    async def sweep(self) -> int:
        """One pass; returns how many items it acted on."""
        raise NotImplementedError

    async def _sweep_once(self) -> int:
        try:
            found = await self.sweep()
        except Exception as error:  # the database may be down for a moment: try again next time
            self.failed()
            self._log_failure(error)
            return 0
        if self._failures:
            log.info("looking for %s again (%s) after %d failed sweep%s", self.looks_for, self._platform,
                     self._failures, "" if self._failures == 1 else "s")
            self._failures = 0
        return found

    def _log_failure(self, error: Exception) -> None:
        """An outage's first failure (with its traceback if it looks like a bug, or at DEBUG); then one line a
        minute, not one per sweep."""
        self._failures += 1
        now = asyncio.get_running_loop().time()
        if self._failures == 1 and self._outage(error):  # every replica's every sweeper says it: one line each
            log.error("could not look for %s (%s): a service is unreachable (%s)", self.looks_for, self._platform,
                      one_line(error), exc_info=log.isEnabledFor(logging.DEBUG))
        elif self._failures == 1:
            log.exception("could not look for %s (%s)", self.looks_for, self._platform)
        elif now - self._outage_logged_at >= self._still_failing_every:
            log.error("still cannot look for %s (%s): %d sweeps failed in a row, the last with %s",
                      self.looks_for, self._platform, self._failures, one_line(error))
        else:
            return
        self._outage_logged_at = now

    def over(self) -> bool:
        """Whether it has nothing more to do (a one-off look that is done): its task then ends."""
        return False

    def under_way(self) -> set[asyncio.Task[Any]]:
        """What its sweeps started and left running (a game's move showing its next step): a stop finishes it too."""
        return set()

    async def stop(self, wait: float = STOP_TIMEOUT, cancelled_wait: float = CANCELLED_WAIT) -> None:
        """Finish the sweep under way and what it left running (so no learner or group is left without their next
        question), then end; whatever is still going after ``wait`` seconds is cancelled."""
        task, self._task = self._task, None
        if task is None:
            return
        self._stopping.set()
        clock = asyncio.get_running_loop().time
        ends = clock() + wait
        try:
            await asyncio.wait({task}, timeout=wait)
            if task.done() and (left := self.under_way()):  # once no sweep can start more, in the same wait
                await asyncio.wait(left, timeout=max(0.0, ends - clock()))
            going = {running for running in {task} | self.under_way() if not running.done()}
            for running in going:
                running.cancel()
            if going and (await asyncio.wait(going, timeout=cancelled_wait))[1]:  # deaf to it: not waited for
                log.warning("the %s (%s) did not end when cancelled; stopping without it", self.name, self._platform)
                return
        except asyncio.CancelledError:  # the shutdown itself was cancelled: nothing is left running behind it
            for running in {task} | self.under_way():
                running.cancel()
            raise
        if not task.cancelled():
            task.result()  # a sweep that failed outside its own handling says so

    async def _run(self, after: Callable[[], Awaitable[None]] | None) -> None:
        if after is not None:
            await self._first_after(after)
        clock = asyncio.get_running_loop().time
        due = clock()
        while not self._stopping.is_set() and not self.over():
            # Late when the event loop is too busy to wake us on time: deadlines then fire late too.
            self._metrics.observe_sweeper_lag(self._platform, self.name, max(0.0, clock() - due))
            if await self._sweep_once():
                due = clock()
                continue  # there was work: more may be waiting beyond the batch
            wait = retry_delay(self._interval, self._failures) if self._failures else self._interval
            due = clock() + wait
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._stopping.wait(), wait)

    async def _first_after(self, after: Callable[[], Awaitable[None]]) -> None:
        """Wait for ``after``, unless stopped first; one that fails is logged, and the sweeps begin all the same."""
        waiting, stopping = asyncio.ensure_future(after()), asyncio.ensure_future(self._stopping.wait())
        try:
            await asyncio.wait({waiting, stopping}, return_when=asyncio.FIRST_COMPLETED)
        finally:
            waiting.cancel()
            stopping.cancel()
        if waiting.done() and not waiting.cancelled() and (error := waiting.exception()) is not None:
            log.error("the %s (%s) could not wait for what comes first; sweeping now", self.name, self._platform,
                      exc_info=error)

    def failed(self) -> None:
        """Count a sweep that failed (the database may be down for a moment)."""
        self._metrics.error(self._platform, SWEEP_FAILED)


class ExpirySweeper(Sweeper):
    name = "expiry-sweeper"
    looks_for = "questions whose time ran out"

    def __init__(self, engine: QuizEngine, platform: str, deliver: Callable[[Expired], Awaitable[None]],
                 interval: float, outage: Outage | None = None, *, unsent: bool = False) -> None:
        """``unsent``: the platform asks every question on a message it links (Expiry.expire_overdue)."""
        super().__init__(platform, interval, engine.metrics, outage=outage)
        self._engine = engine
        self._deliver = deliver
        self._unsent = unsent

    async def sweep(self) -> int:
        """One pass: expire what is overdue, each learner told under their lock; returns how many it settled."""
        return await self._engine.sweep_overdue(self._platform, self._deliver, unsent=self._unsent)


class ReminderSweeper(Sweeper):
    """Daily reminders for one platform, sent through ``send`` at most ``per_second`` a second."""

    name = "reminder-sweeper"
    looks_for = "reminders that are due"

    def __init__(self, engine: QuizEngine, platform: str, send: Callable[[Reminder], Awaitable[None]],
                 per_second: float, interval: float = REMINDER_INTERVAL, outage: Outage | None = None) -> None:
        super().__init__(platform, interval, engine.metrics, outage=outage)
        self._engine = engine
        self._send = send
        self._per_second = per_second

    async def sweep(self) -> int:
        return await self._engine.send_reminders(self._platform, self._send, self._per_second)


class GameSweeper(Sweeper):
    """Group games whose phase is due: lobbies close, questions close, the next question or the podium follows."""

    name = "game-sweeper"
    looks_for = "games that are due"

    def __init__(self, engine: QuizEngine, platform: str, stage: Stage, interval: float = GAME_INTERVAL,
                 outage: Outage | None = None) -> None:
        super().__init__(platform, interval, engine.metrics, outage=outage)
        self._engine = engine
        self._stage = stage

    async def sweep(self) -> int:
        """Starts the due games' moves and returns: a chat slow to take its messages holds up no other game."""
        return await self._engine.games.sweep_in_background(self._platform, self._stage)

    def under_way(self) -> set[asyncio.Task[Any]]:
        return self._engine.games.moving(self._platform)


class ContentFollower(Sweeper):
    """One per process: follows a content reload an admin made in another process (bot/usecases/admin.py)."""

    name = "content-follower"
    looks_for = "content reloaded elsewhere"

    def __init__(self, engine: QuizEngine, interval: float = CONTENT_INTERVAL, outage: Outage | None = None) -> None:
        super().__init__(EVERY_PLATFORM, interval, engine.metrics, outage=outage)
        self._engine = engine

    async def sweep(self) -> int:
        await self._engine.follow_content()
        return 0  # one look per interval: a reload is rare


async def stop_sweepers(sweepers: Sequence[Sweeper], wait: float = STOP_TIMEOUT,
                        cancelled_wait: float = CANCELLED_WAIT) -> None:
    """Stop them all at once: their sweeps under way finish side by side, so a shutdown waits ``wait`` seconds at
    most for all of them, not that long for each in turn (a container's stop allows so long before it kills)."""
    stopped = await asyncio.gather(*(sweeper.stop(wait, cancelled_wait) for sweeper in sweepers),
                                   return_exceptions=True)
    for sweeper, outcome in zip(sweepers, stopped, strict=True):  # one that failed doesn't keep the rest running
        if isinstance(outcome, Exception):
            log.error("the %s did not stop cleanly", sweeper.name, exc_info=outcome)


def start_reminders(engine: QuizEngine, platform: str, send: Callable[[Reminder], Awaitable[None]],
                    per_second: float, interval: float = REMINDER_INTERVAL,
                    outage: Outage | None = None) -> ReminderSweeper:
    sweeper = ReminderSweeper(engine, platform, send, per_second, interval, outage)
    sweeper.start()
    return sweeper


def start_sweeper(engine: QuizEngine, platform: str, deliver: Callable[[Expired], Awaitable[None]],
                  interval: float | None = None, outage: Outage | None = None,
                  after: Callable[[], Awaitable[None]] | None = None, *,
                  unsent: bool = False) -> ExpirySweeper | None:
    """A running sweeper when questions have a time limit (interval: by default from the limit); else None.
    ``after``: see Sweeper.start; ``unsent``: see ExpirySweeper."""
    limit = engine.question_limit
    if limit is None:
        return None
    sweeper = ExpirySweeper(engine, platform, deliver, interval or sweep_interval(limit), outage, unsent=unsent)
    sweeper.start(after)
    return sweeper
