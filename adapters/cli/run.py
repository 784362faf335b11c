"""`quiztutor run`: every chat platform whose token is set, in one asyncio process, until SIGTERM/SIGINT (or an
adapter that can't go on, such as a second Telegram poller)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
from collections.abc import AsyncIterator, Sequence

from adapters.failures import AnotherInstance
from adapters.http_endpoint import http_endpoint
from adapters.platform import ChatAdapter, PlatformSettings, PlatformSpec, Supervised
from adapters.prometheus_metrics import PrometheusMetrics
from adapters.readiness import Readiness, database_readiness
from adapters.runtime import open_services
from adapters.serving import serving
from adapters.settings import ConfigurationError, Settings
from bot.engine import QuizEngine
from bot.metrics import core_error_series
from storage.process_lock import LockHeld, process_lock

log = logging.getLogger(__name__)


def no_token_help(platforms: Sequence[PlatformSpec]) -> str:
    width = max(len(spec.env("token")) for spec in platforms) + 3
    lines = ["No chat platform is configured, so there is nothing to run.", "Set at least one of:"]
    lines += [f"  {spec.env('token'):<{width}}{spec.token_help}" for spec in platforms]
    lines.append("To try the quizzes without a token, play in the terminal:  quiztutor play")
    return "\n".join(lines)


async def run(settings: Settings, platforms: Sequence[PlatformSpec]) -> int:
    enabled = [(spec, settings.platforms[spec.name]) for spec in platforms
               if spec.name in settings.platforms and settings.platforms[spec.name].enabled]
    if not enabled:
        print(no_token_help(platforms))
        return 2
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(signum, stop.set)
    metrics = PrometheusMetrics(core_error_series(spec.name for spec, _platform in enabled)
                                + [(spec.name, kind) for spec, _platform in enabled for kind in spec.error_kinds])
    async with open_services(settings, metrics=metrics) as services, \
            single_processes(settings.resolved_database_url, [platform for _spec, platform in enabled]), \
            database_readiness(services.database) as database_ready:
        adapters = [_build(spec, services.engine, platform) for spec, platform in enabled]
        # Up before the adapters start, so /healthz answers and /readyz says what is still starting.
        readiness = Readiness(database_ready, adapters)
        async with (http_endpoint(settings.http_host, settings.http_port, metrics, readiness),
                    serving(services.engine, adapters)):
            failure = await until_stopped(stop, adapters)
            log.info("shutting down")
    if failure is not None:
        raise failure  # after a clean stop: `quiztutor` explains it in one line and exits non-zero
    return 0


@contextlib.asynccontextmanager
async def single_processes(database_url: str, platforms: Sequence[PlatformSettings]) -> AsyncIterator[None]:
    """Hold the lock of each platform that only one process may serve as configured (Telegram long polling),
    so a second process on the same database refuses at start-up instead of fighting over the updates."""
    async with contextlib.AsyncExitStack() as stack:
        for platform in platforms:
            if (single := platform.single_process()) is not None:
                try:
                    await stack.enter_async_context(process_lock(database_url, single.lock))
                except LockHeld:
                    raise AnotherInstance(single.refusal) from None
        yield


async def until_stopped(stop: asyncio.Event, adapters: Sequence[ChatAdapter]) -> Exception | None:
    """Wait for a signal to stop (then None), or for an adapter that can't go on (then why)."""
    waits: list[asyncio.Task[object]] = [asyncio.create_task(stop.wait())]
    waits += [asyncio.create_task(adapter.failure()) for adapter in adapters if isinstance(adapter, Supervised)]
    try:
        done, _pending = await asyncio.wait(waits, return_when=asyncio.FIRST_COMPLETED)
    finally:
        for task in waits:
            task.cancel()
    return next((result for task in done if isinstance(result := task.result(), Exception)), None)


def _build(spec: PlatformSpec, engine: QuizEngine, platform: PlatformSettings) -> ChatAdapter:
    try:
        return spec.build(engine, platform)
    except ModuleNotFoundError as missing:  # the platform's library is an extra
        raise ConfigurationError([(spec.env("token"), f"is set, but {spec.title}'s library ({missing.name}) isn't "
                                   f"installed: pip install 'quiz-tutor[{spec.extra}]'")]) from None
