"""QUIZ_TELEGRAM_API_URL pointing at a server that isn't a Bot API server (or something in between answering for
it): `quiztutor run` exits 7 with one line saying so, not 'rejected the token' or PTB's JSON error (or KeyError) and
traceback."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from aiohttp import web

from adapters.cli.exit_codes import ExitCode
from tests.telegram.processes import BotProcess, bot_env
from tests.telegram.telegram_harness import TOKEN


class OneAnswerServer:
    """A real HTTP server answering every request with the same status and body."""

    def __init__(self, status: int, body: str, content_type: str) -> None:
        self._status, self._body, self._content_type = status, body, content_type
        self._runner: web.AppRunner | None = None
        self.url = ""

    async def _answer(self, _request: web.Request) -> web.Response:
        return web.Response(status=self._status, text=self._body, content_type=self._content_type)

    async def start(self) -> None:
        app = web.Application()
        app.router.add_route("*", "/{tail:.*}", self._answer)
        self._runner = web.AppRunner(app)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        port = self._runner.addresses[0][1]
        self.url = f"http://127.0.0.1:{port}"

    async def close(self) -> None:
        if self._runner is not None:
            await self._runner.cleanup()


@contextlib.asynccontextmanager
async def answering(status: int, body: str, content_type: str = "text/html") -> AsyncIterator[OneAnswerServer]:
    server = OneAnswerServer(status, body, content_type)
    await server.start()
    try:
        yield server
    finally:
        await server.close()


HTML, JSON = "text/html", "application/json"


@pytest.mark.parametrize(("status", "body", "kind", "said"), [
    (404, "", HTML, "Not Found (404), and not JSON"),  # PTB takes any 404 for a rejected token
    (200, "<html><body>Sign in to the hotel Wi-Fi</body></html>", HTML, "a success status, and not JSON"),  # portal
    (502, "<html><body>502 Bad Gateway</body></html>", HTML, "Bad Gateway (502), and not JSON"),  # retried first
    (200, '{"status": "ok"}', JSON, 'a success status, and JSON without "ok" or "result"'),  # another JSON API
    (200, '{"ok": true}', JSON, 'a success status, and JSON without "result"'),
    (200, '[]', JSON, "a success status, and JSON that is not an object"),
    (502, '["busy"]', JSON, "Bad Gateway (502), and JSON that is not an object"),  # retried first
    (404, '{"error": "no route"}', JSON, 'Not Found (404), and JSON without "ok" or "result"'),  # not a token's
    (200, '{"ok": false}', JSON, 'a success status, and JSON with "ok": false and no "description"'),
    (401, '{"ok": false, "error_code": 401}', JSON,
     'Unauthorized (401), and JSON with "ok": false and no "description"'),
    # getMe's "result" not a bot's user: PTB's TypeError (exit 1) before
    (200, '{"ok": true, "result": null}', JSON, 'a success status, and JSON whose "result" is not a user'),
    (200, '{"ok": true, "result": []}', JSON, 'a success status, and JSON whose "result" is not a user'),
    (200, '{"ok": true, "result": {}}', JSON, 'a success status, and JSON whose "result" is not a user'),
    (200, '{"ok": true, "result": "me"}', JSON, 'a success status, and JSON whose "result" is not a user'),
])
async def test_an_answer_no_bot_api_server_sends_is_one_line_naming_the_setting_and_exits_7(
        tmp_path: Path, status: int, body: str, kind: str, said: str) -> None:
    """Not JSON at all (a captive portal, a proxy's error page), or JSON that isn't the Bot API's."""
    async with answering(status, body, kind) as server:
        bot = await BotProcess.start(bot_env(f"{server.url}/bot", tmp_path))
        code = await bot.exited(within=60)
    last = bot.log.strip().splitlines()[-1]
    assert code == ExitCode.UNREACHABLE, bot.log
    assert last.endswith(f"quiztutor run failed: the server at {server.url} (QUIZ_TELEGRAM_API_URL) answered at "
                         f"start-up as no Bot API server does ({said}): check QUIZ_TELEGRAM_API_URL (a Bot API "
                         "server's address, such as http://127.0.0.1:8081/bot); no proxy is used for Telegram"), bot.log
    # PTB's own error (with a traceback) is left to DEBUG, and nothing quotes the page
    assert "Traceback" not in bot.log and "KeyError" not in bot.log, bot.log
    assert "invalid JSON" not in bot.log and "<html>" not in bot.log, bot.log
    assert [line for line in bot.log.splitlines() if " ERROR " in line] == [last], bot.log
    assert TOKEN.split(":")[1] not in bot.log


async def test_at_debug_ptbs_json_error_is_still_shown(tmp_path: Path) -> None:
    async with answering(404, "nope") as server:
        bot = await BotProcess.start(bot_env(f"{server.url}/bot", tmp_path, QUIZ_LOG_LEVEL="DEBUG"))
        code = await bot.exited(within=60)
    assert code == ExitCode.UNREACHABLE, bot.log
    assert 'DEBUG telegram.request.BaseRequest: Can not load invalid JSON data: "nope"' in bot.log


async def test_telegrams_json_refusal_of_the_token_still_exits_5(tmp_path: Path) -> None:
    refusal = '{"ok":false,"error_code":404,"description":"Not Found"}'  # what api.telegram.org says to a bad token
    async with answering(404, refusal, "application/json") as server:
        bot = await BotProcess.start(bot_env(f"{server.url}/bot", tmp_path))
        code = await bot.exited(within=60)
    assert code == ExitCode.LOGIN, bot.log
    assert "Telegram rejected the token in QUIZ_TELEGRAM_TOKEN" in bot.log.strip().splitlines()[-1]
