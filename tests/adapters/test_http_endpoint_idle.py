"""The health endpoint drops connections that say nothing, or stop half-way through a request: each holds one of the
process's file descriptors, which its bots need for Telegram, Discord and the database."""

from __future__ import annotations

from adapters.http_endpoint import http_endpoint
from adapters.prometheus_metrics import PrometheusMetrics
from adapters.readiness import Readiness
from tests.support.http_probe import get, stalled_connections_closed

STALLED = 20


async def database_answers() -> None:
    pass


async def test_idle_and_half_sent_requests_are_dropped_and_the_endpoint_still_answers() -> None:
    readiness = Readiness(database_answers, [])
    async with http_endpoint("127.0.0.1", 0, PrometheusMetrics(), readiness, idle_seconds=0.5) as endpoint:
        assert endpoint is not None
        closed = await stalled_connections_closed(endpoint.port, STALLED, b"GET /metrics HTTP/1.1\r\nHost: bot-1\r\n")
        answer = await get(f"http://127.0.0.1:{endpoint.port}/healthz")
    assert closed == [True] * STALLED
    assert (answer.status, answer.text) == (200, "ok\n")
