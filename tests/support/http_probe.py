"""Asking the bot's HTTP endpoint over real HTTP, and reading /metrics as Prometheus does."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass

import aiohttp
from prometheus_client.parser import text_string_to_metric_families
from sqlalchemy.ext.asyncio import AsyncEngine

from adapters.http_endpoint import http_endpoint
from adapters.platform import ChatAdapter
from adapters.prometheus_metrics import PrometheusMetrics
from adapters.readiness import Readiness, database_readiness


@dataclass(frozen=True)
class Answer:
    status: int
    text: str
    content_type: str


async def get(url: str) -> Answer:
    async with aiohttp.ClientSession() as session, session.get(url, timeout=aiohttp.ClientTimeout(10)) as response:
        return Answer(response.status, await response.text(), response.headers.get("Content-Type", ""))


async def wait_for_status(url: str, status: int, within: float = 10.0) -> Answer:
    """GET ``url`` until it answers ``status`` (readiness moves a moment after what it reports on)."""
    deadline = asyncio.get_running_loop().time() + within
    while True:
        answer = await get(url)
        if answer.status == status or asyncio.get_running_loop().time() > deadline:
            return answer
        await asyncio.sleep(0.05)


def sample(exposition: str, name: str, **labels: str) -> float | None:
    """One sample's value from a /metrics page (parsed by prometheus_client's own parser), None if absent."""
    for family in text_string_to_metric_families(exposition):
        for found in family.samples:
            if found.name == name and all(found.labels.get(key) == value for key, value in labels.items()):
                return found.value
    return None


@asynccontextmanager
async def endpoint_for(database: AsyncEngine, adapters: Sequence[ChatAdapter],
                       metrics: PrometheusMetrics) -> AsyncIterator[str]:
    """The endpoint as `quiztutor run` starts it (on any free loopback port); yields its base URL."""
    async with database_readiness(database) as database_ready, \
            http_endpoint("127.0.0.1", 0, metrics, Readiness(database_ready, adapters)) as endpoint:
        assert endpoint is not None
        yield f"http://127.0.0.1:{endpoint.port}"


async def closed_by_the_server(reader: asyncio.StreamReader) -> bool:
    """Whether the server closes the connection (its answer, if any, read to the end) within a generous wait."""
    try:
        await asyncio.wait_for(reader.read(), 10)
    except TimeoutError:
        return False
    return True


async def stalled_connections_closed(port: int, count: int, first_lines: bytes) -> list[bool]:
    """``count`` connections to the server on ``port`` that say nothing, or (every other one, a slowloris) a
    request's ``first_lines`` and never its end: whether the server closed each."""
    stalled = []
    for place in range(count):
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        if place % 2:
            writer.write(first_lines)
            await writer.drain()
        stalled.append((reader, writer))
    closed = [await closed_by_the_server(reader) for reader, _writer in stalled]
    for _reader, writer in stalled:
        writer.close()
    return closed
