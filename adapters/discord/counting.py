"""Counting Discord's side of things for the metrics: events in, handler times, requests out and their 429s."""

from __future__ import annotations

import time
from collections.abc import Callable, Coroutine, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from types import SimpleNamespace
from typing import Any, ParamSpec, TypeVar

import aiohttp
import discord
from discord import app_commands

from adapters.discord.actors import PLATFORM
from adapters.error_kinds import HANDLER_FAILED
from bot.metrics import Metrics

P = ParamSpec("P")
T = TypeVar("T")
STARTED = "quiztutor.started"  # where an interaction keeps when its handling began (interaction.extras)
Suggest = Callable[[discord.Interaction, str], Coroutine[Any, Any, list[app_commands.Choice[str]]]]


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


def counted_suggestions(metrics: Metrics, suggest: Suggest) -> Suggest:
    """An autocomplete callback that also sends its choices, so that their time and failure are counted: discord.py
    sends them after the callback returns, and logs a failure there without any error handler hearing of it (nor
    does on_app_command_completion, which times the commands). It sends nothing more once they were sent."""
    async def suggestions(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        with timed(metrics, interaction_kind(interaction)):
            try:
                choices = await suggest(interaction, current)
                await interaction.response.autocomplete(choices)
            except Exception:
                metrics.error(PLATFORM, HANDLER_FAILED)
                raise  # discord.py logs it
        return choices
    return suggestions


class RequestCounter:
    """How many requests to Discord are waiting or under way, and how many got a 429. discord.py holds the client's
    requests back itself (a bucket's limit, a global one, a 429's wait before trying again), out of aiohttp's
    sight: those count from their call to their answer (``wrap``, around the client's HTTP ``request``), and what
    else goes out on its session (interaction responses, through discord.py's webhook adapter) while on the wire
    (``trace``), which also sees each 429."""

    def __init__(self, metrics: Metrics) -> None:
        self._metrics = metrics
        self._under_way = 0
        # Set while a wrapped request runs: the trace then leaves its counting to the wrapper.
        self._wrapped: ContextVar[bool] = ContextVar("quiztutor_request_wrapped", default=False)
        self.trace = aiohttp.TraceConfig()
        self.trace.on_request_start.append(self._started)
        self.trace.on_request_end.append(self._ended)
        self.trace.on_request_exception.append(self._failed)

    def wrap(self, request: Callable[P, Coroutine[Any, Any, T]]) -> Callable[P, Coroutine[Any, Any, T]]:
        """``request`` (discord.py's HTTPClient.request), counted from its call, waits and retries included."""
        async def counted(*args: P.args, **kwargs: P.kwargs) -> T:
            self._move(+1)
            wrapped = self._wrapped.set(True)
            try:
                return await request(*args, **kwargs)
            finally:
                self._wrapped.reset(wrapped)
                self._move(-1)
        return counted

    async def _started(self, _session: aiohttp.ClientSession, _context: SimpleNamespace,
                       _params: aiohttp.TraceRequestStartParams) -> None:
        self._traced(+1)

    async def _ended(self, _session: aiohttp.ClientSession, _context: SimpleNamespace,
                     params: aiohttp.TraceRequestEndParams) -> None:
        self._traced(-1)
        if params.response.status == 429:
            self._metrics.rate_limited(PLATFORM)

    async def _failed(self, _session: aiohttp.ClientSession, _context: SimpleNamespace,
                      _params: aiohttp.TraceRequestExceptionParams) -> None:
        self._traced(-1)

    def _traced(self, step: int) -> None:
        """A step the trace saw: one of a wrapped request's is its wrapper's to count, from call to answer."""
        if not self._wrapped.get():
            self._move(step)

    def _move(self, step: int) -> None:
        self._under_way += step
        self._metrics.set_outbound_queue(PLATFORM, self._under_way)
