"""/readyz and /metrics through real HTTP with the real Discord adapter: ready while the gateway is, a fatal
gateway error makes it fail, and what was played shows in the counters."""

from __future__ import annotations

import asyncio
import random
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from adapters.discord.adapter import DiscordAdapter
from adapters.prometheus_metrics import PrometheusMetrics
from adapters.runtime import open_services
from adapters.serving import serving
from adapters.settings import Settings
from tests.discord.endpoints import discord_endpoints
from tests.discord.fake_discord import FakeDiscord
from tests.discord.fake_refusals import refusing_gateway
from tests.discord.harness import RunningBot, discord_settings, sharded
from tests.discord.payloads import OWNER_ID
from tests.discord.support import first_answer, message_id, next_poll, reply_to, vote_for
from tests.support.http_probe import endpoint_for, get, sample, wait_for_status


@asynccontextmanager
async def served(settings: Settings, fake: FakeDiscord) -> AsyncIterator[tuple[RunningBot, str]]:
    """The bot as `quiztutor run` starts it, with its endpoint; yields it and the endpoint's base URL."""
    metrics = PrometheusMetrics()
    async with open_services(settings, metrics=metrics, rng=random.Random(7)) as services:
        adapter = DiscordAdapter(services.engine, discord_settings(settings))
        async with endpoint_for(services.database, [adapter], metrics) as base:
            starting = await get(base + "/readyz")
            assert (starting.status, starting.text) == (503, "not ready: discord: not started\n")
            connected = len(fake.identifies) + 1
            async with serving(services.engine, [adapter], game_interval=3600.0):
                await fake.wait_connected(connected)
                yield RunningBot(adapter, services.engine, services.database), base


async def test_ready_while_the_gateway_is_and_a_fatal_gateway_error_makes_readyz_fail(
        settings: Settings, fake: FakeDiscord) -> None:
    async with served(settings, fake) as (_bot, base):
        ready = await wait_for_status(base + "/readyz", 200)
        assert (ready.status, ready.text) == (200, "ready\n")

        await fake.drop_gateway(4004)  # authentication failed: discord.py gives up rather than reconnect
        failed = await wait_for_status(base + "/readyz", 503)
        assert (failed.status, failed.text) == (503, "not ready: discord: gateway stopped: ConnectionClosed\n")
        assert (await get(base + "/healthz")).status == 200
        page = await get(base + "/metrics")
        assert sample(page.text, "quiztutor_errors_total", platform="discord", kind="gateway") == 1


async def test_a_fatal_gateway_error_before_the_first_session_leaves_readyz_failing(settings: Settings,
                                                                                   fake: FakeDiscord) -> None:
    metrics = PrometheusMetrics()
    async with refusing_gateway() as gateway, open_services(settings, metrics=metrics) as services:
        adapter = DiscordAdapter(services.engine, discord_settings(settings))
        with discord_endpoints(fake.api_base, gateway):  # logs in, then the gateway refuses to identify it
            async with endpoint_for(services.database, [adapter], metrics) as base, \
                    serving(services.engine, [adapter], game_interval=3600.0):
                failed = await get(base + "/readyz")  # start-up waited for the gateway to answer, and went on
                page = await get(base + "/metrics")
    assert (failed.status, failed.text) == (503, "not ready: discord: gateway stopped: ConnectionClosed\n")
    assert sample(page.text, "quiztutor_errors_total", platform="discord", kind="gateway") == 1


async def test_a_process_running_some_of_the_shards_is_ready_once_they_are_connected(
        settings: Settings, fake: FakeDiscord) -> None:
    async with served(sharded(settings, 2, (1,)), fake) as (_bot, base):
        ready = await wait_for_status(base + "/readyz", 200)  # a sharded client has no ws of its own
        assert (ready.status, ready.text) == (200, "ready\n")


async def test_metrics_count_interactions_votes_answers_and_429s_from_discord(settings: Settings,
                                                                              fake: FakeDiscord) -> None:
    async with served(settings, fake) as (bot, base):
        await fake.slash("quiz", {"quiz": "collectives"})
        poll = await next_poll(fake, bot)
        mark = len(fake.calls)
        fake.rate_limits = 1  # the first call after the vote (closing its poll) is refused once, then made again
        await vote_for(fake, poll, "All-reduce", OWNER_ID)
        await reply_to(fake, poll, after=mark)
        await next_poll(fake, bot, after=mark)
        assert fake.ended_polls(after=mark) == [message_id(poll)]  # made, once, after its 429
        await fake.quiet()
        page = await get(base + "/metrics")

    text = page.text
    assert sample(text, "quiztutor_updates_total", platform="discord", kind="application_command") == 1
    assert sample(text, "quiztutor_updates_total", platform="discord", kind="poll_vote") == 1
    assert sample(text, "quiztutor_answers_scored_total", platform="discord", result="correct") == 1
    assert sample(text, "quiztutor_handler_seconds_count", platform="discord", kind="application_command") == 1
    assert sample(text, "quiztutor_handler_seconds_count", platform="discord", kind="poll_vote") == 1
    assert sample(text, "quiztutor_rate_limited_total", platform="discord") == 1
    assert sample(text, "quiztutor_outbound_queue_depth", platform="discord") == 0  # every request came back


async def test_a_request_waiting_out_a_429_counts_in_the_outbound_queue(settings: Settings, fake: FakeDiscord) -> None:
    """discord.py waits out a 429 (or its bucket's limit) before the request goes out again: the requests it holds
    are the queue an operator reads beside handler times, as Telegram's rate limiter shows its own."""
    async with served(settings, fake) as (bot, base):
        await fake.slash("quiz", {"quiz": "collectives"})
        poll = await next_poll(fake, bot)
        mark = len(fake.calls)
        fake.rate_limits, fake.retry_after = 1, 2.0  # closing the poll after the vote is refused once, for 2 s
        await vote_for(fake, poll, "All-reduce", OWNER_ID)
        waiting = 0.0
        while not fake.ended_polls(after=mark):  # until discord.py has waited it out and made it again
            waiting = max(waiting, sample((await get(base + "/metrics")).text, "quiztutor_outbound_queue_depth",
                                          platform="discord") or 0.0)
            await asyncio.sleep(0.05)
        await reply_to(fake, poll, after=mark)
        await fake.quiet()
        after = await get(base + "/metrics")
    assert waiting >= 1
    assert sample(after.text, "quiztutor_outbound_queue_depth", platform="discord") == 0  # every one came back


async def test_a_click_on_a_button_no_longer_served_is_timed_as_other_clicks(settings: Settings,
                                                                             fake: FakeDiscord) -> None:
    """A button an older version sent is answered "this button no longer works": a click handled like any other,
    so its time is among the clicks' (updates_total counted it, handler_seconds did not)."""
    async with served(settings, fake) as (_bot, base):
        await fake.wait_until(first_answer(fake, await fake.slash("quizzes")))
        clickable = next(message for message, body in fake.messages.items() if body.get("components"))
        stale = await fake.click(clickable, "x", forge="legacy_answer_1")
        await fake.wait_until(first_answer(fake, stale))
        await fake.quiet()
        page = await get(base + "/metrics")
    assert sample(page.text, "quiztutor_updates_total", platform="discord", kind="component") == 1
    assert sample(page.text, "quiztutor_handler_seconds_count", platform="discord", kind="component") == 1
