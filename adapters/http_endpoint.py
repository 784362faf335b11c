"""The optional HTTP endpoint (QUIZ_HTTP_PORT): /healthz, /readyz and /metrics, on the bot's own event loop.

It shares the loop with the adapters on purpose: /healthz answering proves the loop isn't stuck.
"""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from aiohttp import web

from adapters.http_site import http_url, serve
from adapters.prometheus_metrics import PrometheusMetrics
from adapters.readiness import Reporting

log = logging.getLogger(__name__)
# Seconds a connection may sit without a whole request before it is closed: aiohttp's own hour let idle or
# half-sent requests (a leaking client, a slowloris) pile up and take the file descriptors the bots need. Longer
# than Prometheus's 15 s between scrapes, so its connection is kept.
IDLE_SECONDS = 30.0


class HttpEndpoint:
    def __init__(self, host: str, port: int, metrics: PrometheusMetrics, readiness: Reporting, *,
                 idle_seconds: float = IDLE_SECONDS) -> None:
        self._host = host
        self._port = port  # 0 (tests): any free port, see .port once started
        self._metrics = metrics
        self._readiness = readiness
        self._idle_seconds = idle_seconds
        self._runner: web.AppRunner | None = None

    @property
    def port(self) -> int:
        if self._runner is None or not self._runner.addresses:
            raise RuntimeError("the HTTP endpoint isn't running")
        return int(self._runner.addresses[0][1])

    async def start(self) -> None:
        app = web.Application()
        app.router.add_get("/healthz", self._healthz)
        app.router.add_get("/readyz", self._readyz)
        app.router.add_get("/metrics", self._metrics_page)
        runner = await serve(app, self._host, self._port, host_variable="QUIZ_HTTP_HOST",
                             port_variable="QUIZ_HTTP_PORT", idle_seconds=self._idle_seconds)
        self._runner = runner
        log.info("health and metrics on %s (/healthz, /readyz, /metrics)", http_url(self._host, self.port))

    async def stop(self) -> None:
        runner, self._runner = self._runner, None
        if runner is not None:
            await runner.cleanup()

    async def _healthz(self, _request: web.Request) -> web.Response:
        return web.Response(text="ok\n")

    async def _readyz(self, _request: web.Request) -> web.Response:
        problems = await self._readiness.problems()
        if problems:
            return web.Response(status=503, text="not ready: " + "; ".join(problems) + "\n")
        return web.Response(text="ready\n")

    async def _metrics_page(self, _request: web.Request) -> web.Response:
        response = web.Response(body=self._metrics.exposition())
        response.headers["Content-Type"] = self._metrics.content_type
        return response


@asynccontextmanager
async def http_endpoint(host: str, port: int | None, metrics: PrometheusMetrics, readiness: Reporting, *,
                        idle_seconds: float = IDLE_SECONDS) -> AsyncIterator[HttpEndpoint | None]:
    """The endpoint while the block runs, or None when no port is set."""
    if port is None:
        yield None
        return
    endpoint = HttpEndpoint(host, port, metrics, readiness, idle_seconds=idle_seconds)
    await endpoint.start()
    try:
        yield endpoint
    finally:
        await endpoint.stop()
