"""`quiztutor run`: every chat platform whose token is set, in one asyncio process, until SIGTERM/SIGINT."""

from __future__ import annotations

import asyncio
import logging
import signal
from collections.abc import Sequence

from adapters.http_endpoint import http_endpoint
from adapters.platform import ChatAdapter, PlatformSettings, PlatformSpec
from adapters.prometheus_metrics import PrometheusMetrics
from adapters.readiness import Readiness, database_check
from adapters.runtime import open_services
from adapters.serving import serving
from adapters.settings import ConfigurationError, Settings
from bot.engine import QuizEngine

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
    metrics = PrometheusMetrics()
    async with open_services(settings, metrics=metrics) as services:
        adapters = [_build(spec, services.engine, platform) for spec, platform in enabled]
        # Up before the adapters start, so /healthz answers and /readyz says what is still starting.
        readiness = Readiness(database_check(services.database), adapters)
        async with (http_endpoint(settings.http_host, settings.http_port, metrics, readiness),
                    serving(services.engine, adapters)):
            await stop.wait()
            log.info("shutting down")
    return 0


def _build(spec: PlatformSpec, engine: QuizEngine, platform: PlatformSettings) -> ChatAdapter:
    try:
        return spec.build(engine, platform)
    except ModuleNotFoundError as missing:  # the platform's library is an extra
        raise ConfigurationError([(spec.env("token"), f"is set, but {spec.title}'s library ({missing.name}) isn't "
                                   f"installed: pip install 'quiz-tutor[{spec.extra}]'")]) from None
