"""A sweeper reports how late each sweep started: on time when the loop is free, late when it was blocked."""

from __future__ import annotations

import asyncio
import time

from bot.metrics import NullMetrics
from bot.sweeper import Sweeper


class LagRecorder(NullMetrics):
    def __init__(self) -> None:
        self.lags: list[tuple[str, str, float]] = []

    def observe_sweeper_lag(self, platform: str, sweeper: str, seconds: float) -> None:
        self.lags.append((platform, sweeper, seconds))


class Idle(Sweeper):
    name = "idle-sweeper"

    async def sweep(self) -> int:
        return 0


async def test_each_sweep_reports_its_lag_and_a_blocked_loop_shows_as_lag() -> None:
    metrics = LagRecorder()
    sweeper = Idle("telegram", 0.05, metrics)
    sweeper.start()
    await asyncio.sleep(0.12)
    time.sleep(0.3)  # noqa: ASYNC251 - on purpose: the event loop is stuck, so the sweep due meanwhile starts late
    await asyncio.sleep(0.12)
    await sweeper.stop()

    assert {(platform, name) for platform, name, _lag in metrics.lags} == {("telegram", "idle-sweeper")}
    lags = [lag for _platform, _name, lag in metrics.lags]
    assert len(lags) >= 4
    assert lags[0] < 0.05 and lags[1] < 0.05  # on schedule while the loop is free
    assert max(lags) >= 0.2  # about the 0.3 s the loop was blocked, less the interval it was due within
