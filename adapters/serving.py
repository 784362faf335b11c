"""Serving chat platforms: start their adapters, then one time-limit sweeper per platform; stop the sweepers,
then the adapters side by side. `quiztutor run` does this, and so do the end-to-end tests."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager

from adapters.failures import unreachable
from adapters.platform import CatchesUp, ChatAdapter
from bot.engine import QuizEngine
from bot.sweeper import (
    CONTENT_INTERVAL,
    GAME_INTERVAL,
    REMINDER_INTERVAL,
    ContentFollower,
    GameSweeper,
    Sweeper,
    start_reminders,
    start_sweeper,
    stop_sweepers,
)
from bot.unsent_sweeper import UNSENT_WAIT, UnsentSweeper

log = logging.getLogger(__name__)


@asynccontextmanager
async def serving(engine: QuizEngine, adapters: Sequence[ChatAdapter], *, sweep_interval: float | None = None,
                  reminder_interval: float = REMINDER_INTERVAL,
                  game_interval: float = GAME_INTERVAL,
                  content_interval: float = CONTENT_INTERVAL,
                  unsent_wait: float = UNSENT_WAIT) -> AsyncIterator[None]:
    """``sweep_interval``: seconds between looks for questions whose time ran out (default: from the limit);
    ``reminder_interval``: between looks for daily reminders that are due; ``game_interval``: for group games'
    phases; ``content_interval``: for a content reload made in another process; ``unsent_wait``: after start-up,
    before the one look for questions a crash left unsent."""
    started: list[ChatAdapter] = []
    sweepers: list[Sweeper] = []
    try:
        for adapter in adapters:
            if adapter.asks_on_linked_messages:  # before its first update
                engine.asks_on_messages(adapter.name)
            await adapter.start()
            started.append(adapter)
            log.info("%s adapter started", adapter.name)
        for adapter in started:
            # Deadlines are kept in the database: a sweep also finds those that passed while the bot was down; but
            # first, the votes the platform kept meanwhile (cast in time) are scored.
            after = adapter.caught_up if isinstance(adapter, CatchesUp) else None
            expiry = start_sweeper(engine, adapter.name, adapter.deliver_expired, sweep_interval, unreachable, after,
                                   unsent=adapter.asks_on_linked_messages)
            if expiry is not None:
                sweepers.append(expiry)
            if adapter.asks_on_linked_messages:  # else a question with no link is not one that went unsent
                unsent = UnsentSweeper(engine, adapter.name, adapter.deliver_expired, unsent_wait, unreachable)
                unsent.start(after)  # a /quiz kept meanwhile asks it (or another quiz) first: no poll sent twice
                sweepers.append(unsent)
            sweepers.append(start_reminders(engine, adapter.name, adapter.send_reminder, adapter.reminders_per_second,
                                            reminder_interval, unreachable))
            games = GameSweeper(engine, adapter.name, adapter.game_surface, game_interval, unreachable)
            games.start(after)
            sweepers.append(games)
        follower = ContentFollower(engine, content_interval, unreachable)
        follower.start()
        sweepers.append(follower)
        yield
    finally:
        try:
            await stop_sweepers(sweepers)  # first, while the adapters can still send what comes next
        finally:
            await stop_all(started)


async def stop_all(adapters: list[ChatAdapter]) -> None:
    """Stop every adapter side by side: each waits on its own platform (Discord's gateway, Telegram's pending
    updates), so the stop takes the longest of them, not their sum, within a container's grace period. One that
    fails to stop doesn't leave the others running."""
    outcomes = await asyncio.gather(*(adapter.stop() for adapter in reversed(adapters)), return_exceptions=True)
    failure: BaseException | None = None
    for adapter, outcome in zip(reversed(adapters), outcomes, strict=True):
        if not isinstance(outcome, BaseException):
            continue
        if isinstance(outcome, asyncio.CancelledError):  # its own, not this stop's: not to be taken for one
            outcome = RuntimeError(f"the {adapter.name} adapter's stop was cancelled")
        if failure is None:
            failure = outcome  # raised once all are stopped: `quiztutor` logs it and exits 1
        else:
            log.error("the %s adapter did not stop cleanly either", adapter.name, exc_info=outcome)
    if failure is not None:
        raise failure
