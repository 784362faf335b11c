"""How long a stop waits for a chat platform's handlers under way, shared by Telegram (adapters/telegram/stopping.py)
and Discord (adapters/discord/stopping.py); and its wait for what they left running for the platform's games."""

from __future__ import annotations

import asyncio
import logging

from bot.engine import QuizEngine

log = logging.getLogger(__name__)

# Seconds the stop waits for the handlers under way before cancelling them; then as long again for what follows
# (on Telegram the updates queued behind them; on both, the cancelled ones rolling back), before going on without
# them. With the sweeps' wait before (bot/sweeper.py) and the storage's after (storage/shutdown.py), within the
# 30 s compose.yaml gives a replica.
HANDLERS_STOP_WAIT = 2.0


async def finish_games_left_running(engine: QuizEngine, platform: str, wait: float = HANDLERS_STOP_WAIT,
                                    cancelled_wait: float = 1.0) -> None:
    """Once the handlers ended, and before the connection closes: what they left running for the platform's games
    (a question's second message being taken away, bot/usecases/games/table.py) had no sweeper's stop to wait for
    it, that stop being over before they ended. Waited for ``wait`` seconds at most, then cancelled."""
    left = engine.games.moving(platform)
    if not left or not (await asyncio.wait(left, timeout=wait))[1]:
        return
    going = {task for task in left if not task.done()}
    for task in going:
        task.cancel()
    log.warning("stopping: %d %s game task(s) still under way after %.0f s cancelled", len(going), platform, wait)
    if (await asyncio.wait(going, timeout=cancelled_wait))[1]:
        log.warning("stopping: %s game tasks still under way after they were cancelled; going on without them",
                    platform)
