"""How long a stop waits for a chat platform's handlers under way, shared by Telegram (adapters/telegram/stopping.py)
and Discord (adapters/discord/stopping.py)."""

from __future__ import annotations

# Seconds the stop waits for the handlers under way before cancelling them; then as long again for what follows
# (on Telegram the updates queued behind them; on both, the cancelled ones rolling back), before going on without
# them. With the sweeps' wait before (bot/sweeper.py) and the storage's after (storage/shutdown.py), within the
# 30 s compose.yaml gives a replica.
HANDLERS_STOP_WAIT = 2.0
