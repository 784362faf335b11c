"""Whether long polling reaches the Bot API, as getUpdates' own client tells /readyz: through real HTTP to a
server that answers, refuses, or takes the poll and never answers (a network that drops replies)."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator

import pytest
from aiohttp import web
from telegram.error import TimedOut

from adapters.telegram.polling_request import PollingRequest
from bot.metrics import NullMetrics


class BotApi:
    """Answers each getUpdates as the test says: an HTTP status, or never (until the test ends)."""

    def __init__(self) -> None:
        self.answers: list[int | None] = []
        self.taken = asyncio.Event()  # the last poll's request arrived whole
        self._never = asyncio.Event()

    async def handle(self, request: web.Request) -> web.Response:
        await request.read()
        answer = self.answers.pop(0)
        self.taken.set()
        if answer is None:
            await self._never.wait()
            raise web.HTTPServiceUnavailable  # the test is over
        if answer == 200:
            return web.json_response({"ok": True, "result": []})
        return web.json_response({"ok": False, "error_code": answer, "description": "Bad Gateway"}, status=answer)

    def release(self) -> None:
        self._never.set()


@pytest.fixture
async def api() -> AsyncIterator[tuple[BotApi, str]]:
    api = BotApi()
    app = web.Application()
    app.router.add_post("/bot123:abc/getUpdates", api.handle)
    runner = web.AppRunner(app, shutdown_timeout=0.1)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    port = runner.addresses[0][1]
    yield api, f"http://127.0.0.1:{port}/bot123:abc/getUpdates"
    api.release()
    await runner.cleanup()


async def test_a_poll_sent_but_never_answered_does_not_count_as_reaching_the_bot_api(
        api: tuple[BotApi, str]) -> None:
    server, url = api
    polling = PollingRequest(NullMetrics())
    await polling.initialize()
    try:
        server.answers = [502, None, 200]
        await polling.do_request(url, "POST")
        assert polling.failing == "HTTP 502"

        server.taken.clear()
        hanging = asyncio.create_task(polling.do_request(url, "POST", read_timeout=1.0))
        await server.taken.wait()
        await asyncio.sleep(0.1)
        # Sent is not answered: on a network that drops replies, /readyz said ready for each poll's wait.
        assert polling.failing == "HTTP 502"
        with pytest.raises(TimedOut):
            await hanging
        assert polling.failing == "TimedOut"

        status, _ = await polling.do_request(url, "POST")
        assert (status, polling.failing) == (200, None)  # an answer, even an empty one: updates can come in
    finally:
        await polling.shutdown()


async def test_polling_that_reaches_the_bot_api_again_says_so_once(api: tuple[BotApi, str],
                                                                  caplog: pytest.LogCaptureFixture) -> None:
    """Each failed poll is logged as an ERROR ("polling Telegram for updates failed; trying again"), and PTB says
    nothing when one is answered again: after an outage the log's last word was a failure, for as long as all went
    well, and an operator could not tell a bot polling again from one still cut off."""
    server, url = api
    polling = PollingRequest(NullMetrics())
    await polling.initialize()
    try:
        server.answers = [502, 502, 200, 200]
        with caplog.at_level(logging.INFO, logger="adapters.telegram.polling_request"):
            for _ in server.answers[:]:
                await polling.do_request(url, "POST")
        said = [record.getMessage() for record in caplog.records if record.name == "adapters.telegram.polling_request"]
        assert said == ["polling Telegram for updates again, after 2 failed polls"]
    finally:
        await polling.shutdown()
