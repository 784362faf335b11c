"""/healthz, /readyz and /metrics through real HTTP, with the real Telegram adapter against the fake Bot API."""

from __future__ import annotations

import sqlite3
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass

from sqlalchemy.engine import make_url

from adapters.prometheus_metrics import PrometheusMetrics
from adapters.runtime import open_services
from adapters.serving import serving
from adapters.settings import Settings
from adapters.telegram.adapter import TelegramAdapter
from bot.engine import QuizEngine
from tests.support.http_probe import endpoint_for, get, sample, wait_for_status
from tests.support.tcp_proxy import TcpProxy
from tests.telegram.telegram_fake_api import FakeBotApi
from tests.telegram.telegram_harness import AMINATA, correct, for_chat, next_poll, poll_id, telegram_settings, wrong


@dataclass(frozen=True)
class Served:
    engine: QuizEngine
    adapter: TelegramAdapter
    base: str  # the endpoint's URL


@asynccontextmanager
async def with_endpoint(settings: Settings) -> AsyncIterator[Served]:
    """Services and the endpoint as `quiztutor run` opens them; the adapter is built but not yet started."""
    metrics = PrometheusMetrics()
    async with open_services(settings, metrics=metrics) as services:
        adapter = TelegramAdapter(services.engine, telegram_settings(settings))
        async with endpoint_for(services.database, [adapter], metrics) as base:
            yield Served(services.engine, adapter, base)


async def test_healthz_answers_at_once_and_readyz_only_while_telegram_is_started(api: FakeBotApi,
                                                                               settings: Settings) -> None:
    async with with_endpoint(settings) as served:
        health = await get(served.base + "/healthz")
        assert (health.status, health.text) == (200, "ok\n")
        starting = await get(served.base + "/readyz")
        assert (starting.status, starting.text) == (503, "not ready: telegram: not started\n")
        async with serving(served.engine, [served.adapter], game_interval=3600.0):
            ready = await get(served.base + "/readyz")
            assert (ready.status, ready.text) == (200, "ready\n")
        stopped = await get(served.base + "/readyz")
        assert stopped.status == 503 and "telegram: not started" in stopped.text


async def test_metrics_count_updates_answers_handlers_transactions_and_sweeps_after_real_play(
        api: FakeBotApi, settings: Settings) -> None:
    async with with_endpoint(settings) as served, serving(served.engine, [served.adapter], game_interval=0.05):
        await api.command(AMINATA, "/quiz collectives")
        first = await next_poll(api, AMINATA.id, 1)
        await api.answer_poll(AMINATA, poll_id(first), [correct(first)])
        second = await next_poll(api, AMINATA.id, 2)
        await api.answer_poll(AMINATA, poll_id(second), [wrong(second)])
        await next_poll(api, AMINATA.id, 3)
        await api.settle()
        page = await get(served.base + "/metrics")

    assert page.status == 200 and page.content_type.startswith("text/plain")
    text = page.text
    assert sample(text, "quiztutor_updates_total", platform="telegram", kind="command") == 1
    assert sample(text, "quiztutor_updates_total", platform="telegram", kind="poll_answer") == 2
    assert sample(text, "quiztutor_answers_scored_total", platform="telegram", result="correct") == 1
    assert sample(text, "quiztutor_answers_scored_total", platform="telegram", result="wrong") == 1
    assert sample(text, "quiztutor_handler_seconds_count", platform="telegram", kind="poll_answer") == 2
    handled = sample(text, "quiztutor_handler_seconds_sum", platform="telegram", kind="poll_answer")
    assert handled is not None and handled > 0
    transactions = sample(text, "quiztutor_transaction_seconds_count")
    assert transactions is not None and transactions >= 5  # the start, two answers and their polls' links
    batches = sample(text, "quiztutor_write_batch_size_count")  # the SQLite writer's group commits
    batched = sample(text, "quiztutor_write_batch_size_sum")
    assert batches is not None and batched is not None and 1 <= batches <= batched <= transactions
    lag = sample(text, "quiztutor_sweeper_lag_seconds_count", platform="telegram", sweeper="game-sweeper")
    assert lag is not None and lag >= 2  # every 0.05 s
    assert sample(text, "quiztutor_outbound_queue_depth", platform="telegram") == 0  # all sent
    assert sample(text, "quiztutor_rate_limited_total", platform="telegram") is None  # no 429 yet
    assert sample(text, "quiztutor_errors_total", platform="telegram", kind="handler") is None


async def test_a_429_from_telegram_is_counted_and_the_message_still_goes_out(api: FakeBotApi,
                                                                            settings: Settings) -> None:
    api.fail_next("sendMessage", 429, "Too Many Requests: retry after 1", retry_after=1)
    async with with_endpoint(settings) as served, serving(served.engine, [served.adapter], game_interval=3600.0):
        await api.command(AMINATA, "/start")
        await api.wait_for("sendMessage", 1, for_chat(AMINATA.id))
        page = await get(served.base + "/metrics")
    assert sample(page.text, "quiztutor_rate_limited_total", platform="telegram") == 1


async def test_a_failed_poll_for_updates_is_counted_and_polling_carries_on(api: FakeBotApi,
                                                                          settings: Settings) -> None:
    for _ in range(2):
        api.fail_next("getUpdates", 500, "Internal Server Error: the Bot API is restarting")
    async with with_endpoint(settings) as served, serving(served.engine, [served.adapter], game_interval=3600.0):
        await api.command(AMINATA, "/start")
        await api.wait_for("sendMessage", 1, for_chat(AMINATA.id), within=30)  # PTB polled again, and got it
        page = await get(served.base + "/metrics")
    assert sample(page.text, "quiztutor_errors_total", platform="telegram", kind="polling") == 2
    assert not sample(page.text, "quiztutor_errors_total", platform="telegram", kind="handler")  # no update failed


async def test_sqlite_busy_with_another_writer_is_still_ready(api: FakeBotApi, settings: Settings) -> None:
    async with with_endpoint(settings) as served, serving(served.engine, [served.adapter], game_interval=3600.0):
        other = sqlite3.connect(settings.data_dir / "quiztutor.sqlite3", isolation_level=None)
        try:
            other.execute("BEGIN IMMEDIATE")  # another process holds the write lock, as the writer's batches do
            started = time.monotonic()
            busy = await get(served.base + "/readyz")
            assert (busy.status, busy.text) == (200, "ready\n")
            assert time.monotonic() - started < 1.0  # no wait for the write lock
        finally:
            other.close()


async def test_readyz_fails_while_postgresql_is_unreachable_and_recovers_when_it_is_back(
        api: FakeBotApi, settings: Settings, postgres_url: str) -> None:
    server = make_url(postgres_url)
    proxy = TcpProxy(server.host or "127.0.0.1", server.port or 5432)
    await proxy.open()
    through_proxy = server.set(host="127.0.0.1", port=proxy.port).render_as_string(hide_password=False)
    settings = settings.model_copy(update={"database_url": through_proxy})
    try:
        async with with_endpoint(settings) as served, serving(served.engine, [served.adapter],
                                                              game_interval=3600.0):
            assert (await get(served.base + "/readyz")).status == 200
            await proxy.cut()
            gone = await wait_for_status(served.base + "/readyz", 503)
            assert gone.status == 503 and gone.text.startswith("not ready: database: "), gone.text
            assert "telegram" not in gone.text  # Telegram itself is still connected
            assert str(proxy.port) not in gone.text  # the URL stays out of the answer
            assert (await get(served.base + "/healthz")).status == 200  # the process itself is fine

            await api.command(AMINATA, "/start")  # its handler fails: the learner hears sorry, the metric counts
            await api.wait_for("sendMessage", 1, for_chat(AMINATA.id), within=30)
            page = await get(served.base + "/metrics")
            assert sample(page.text, "quiztutor_errors_total", platform="telegram", kind="handler") == 1

            await proxy.open()
            back = await wait_for_status(served.base + "/readyz", 200)
            assert (back.status, back.text) == (200, "ready\n")
    finally:
        await proxy.cut()


async def test_an_update_waiting_for_its_senders_earlier_one_is_timed_from_its_arrival(api: FakeBotApi,
                                                                                        settings: Settings) -> None:
    """A learner's updates are handled one after another: a /help sent while their /start waits out a 429 is
    answered a second later, and handler_seconds says so (it said a few milliseconds, the wait left out)."""
    api.fail_next("sendMessage", 429, "Too Many Requests: retry after 1", retry_after=1)
    async with with_endpoint(settings) as served, serving(served.engine, [served.adapter], game_interval=3600.0):
        await api.command(AMINATA, "/start")  # its reply refused once: it waits out the 429
        await api.command(AMINATA, "/help")
        await api.wait_for("sendMessage", 2, for_chat(AMINATA.id), within=30)
        await api.settle()
        page = await get(served.base + "/metrics")
    assert sample(page.text, "quiztutor_handler_seconds_count", platform="telegram", kind="command") == 2
    # Both over the second: the /start waiting out the 429, the /help waiting for the /start.
    assert sample(page.text, "quiztutor_handler_seconds_bucket", platform="telegram", kind="command", le="1.0") == 0
