"""Counting Discord's side of things for the metrics: events in, handler times, requests out and their 429s."""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from types import SimpleNamespace

import aiohttp
import discord

from adapters.discord.actors import PLATFORM
from bot.metrics import Metrics

STARTED = "quiztutor.started"  # where an interaction keeps when its handling began (interaction.extras)


def interaction_kind(interaction: discord.Interaction) -> str:
    """discord.py's name of the interaction's type (application_command, component...): a small fixed set."""
    return interaction.type.name


@contextmanager
def timed(metrics: Metrics, kind: str) -> Iterator[None]:
    started = time.perf_counter()
    try:
        yield
    finally:
        metrics.observe_handler(PLATFORM, kind, time.perf_counter() - started)


def mark_started(interaction: discord.Interaction) -> None:
    interaction.extras[STARTED] = time.perf_counter()


def observe_command(metrics: Metrics, interaction: discord.Interaction) -> None:
    """A slash command's time, from the tree's first look at it (see mark_started) to its end."""
    started = interaction.extras.pop(STARTED, None)
    if started is not None:
        metrics.observe_handler(PLATFORM, interaction_kind(interaction), time.perf_counter() - started)


class RequestCounter:
    """discord.py queues and retries its own requests, and takes 429s in its stride; this aiohttp trace sees
    each request go out and come back, so the metrics show how many are under way and how many got a 429."""

    def __init__(self, metrics: Metrics) -> None:
        self._metrics = metrics
        self._under_way = 0
        self.trace = aiohttp.TraceConfig()
        self.trace.on_request_start.append(self._started)
        self.trace.on_request_end.append(self._ended)
        self.trace.on_request_exception.append(self._failed)

    async def _started(self, _session: aiohttp.ClientSession, _context: SimpleNamespace,
                       _params: aiohttp.TraceRequestStartParams) -> None:
        self._move(+1)

    async def _ended(self, _session: aiohttp.ClientSession, _context: SimpleNamespace,
                     params: aiohttp.TraceRequestEndParams) -> None:
        self._move(-1)
        if params.response.status == 429:
            self._metrics.rate_limited(PLATFORM)

    async def _failed(self, _session: aiohttp.ClientSession, _context: SimpleNamespace,
                      _params: aiohttp.TraceRequestExceptionParams) -> None:
        self._move(-1)

    def _move(self, step: int) -> None:
        self._under_way += step
        self._metrics.set_outbound_queue(PLATFORM, self._under_way)
