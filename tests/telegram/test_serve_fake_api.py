"""The fake Bot API run on its own (README, "How"): it listens on the port given and prints the bot's calls."""

from __future__ import annotations

import asyncio
import json
import signal
import sys
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager

import aiohttp

from tests.telegram.telegram_harness import TOKEN


@asynccontextmanager
async def fake_api_served(port: int) -> AsyncIterator[tuple[asyncio.subprocess.Process, asyncio.StreamReader]]:
    """`python -m tests.telegram.serve_fake_api PORT` running, and its stdout, where it prints each call; killed
    after if the test did not stop it."""
    process = await asyncio.create_subprocess_exec(sys.executable, "-m", "tests.telegram.serve_fake_api", str(port),
                                                   stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE)
    try:
        assert process.stdout is not None
        yield process, process.stdout
    finally:
        if process.returncode is None:
            process.kill()
            await process.wait()


async def test_the_fake_bot_api_serves_on_its_own_prints_each_call_and_stops_on_sigterm(
        reserve_port: Callable[[], int]) -> None:
    port = reserve_port()
    async with fake_api_served(port) as (process, stdout):
        started = (await asyncio.wait_for(stdout.readline(), 30)).decode()
        assert f"http://127.0.0.1:{port}/bot" in started, started
        async with aiohttp.ClientSession() as client:
            async with client.post(f"http://127.0.0.1:{port}/bot{TOKEN}/sendMessage",
                                   data={"chat_id": "501", "text": "hello"}) as sent:
                assert (await sent.json())["result"]["text"] == "hello"
            async with client.post(f"http://127.0.0.1:{port}/bot654321:another-token/getMe") as refused:
                assert refused.status == 401
        printed = (await asyncio.wait_for(stdout.readline(), 10)).decode()
        assert printed.startswith("sendMessage ok ") and '"text": "hello"' in printed, printed
        process.send_signal(signal.SIGTERM)
        assert await asyncio.wait_for(process.wait(), 10) == 0


async def test_a_printed_poll_says_the_poll_id_and_option_ids_a_vote_on_it_names(
        reserve_port: Callable[[], int]) -> None:
    """To post a vote by hand (README, "How"), the poll_answer needs the poll's id, which Telegram gives in the
    sendPoll's result, not in what the bot sent: printed the bot's parameters alone, it was nowhere to be read."""
    port = reserve_port()
    async with fake_api_served(port) as (process, stdout):
        await asyncio.wait_for(stdout.readline(), 30)
        poll_form = {"chat_id": "501", "question": "Which?", "options": '["a", "b", "c"]', "type": "quiz",
                     "correct_option_ids": "[1]"}
        async with aiohttp.ClientSession() as client, \
                client.post(f"http://127.0.0.1:{port}/bot{TOKEN}/sendPoll", data=poll_form) as sent:
            poll = (await sent.json())["result"]["poll"]
        printed = (await asyncio.wait_for(stdout.readline(), 10)).decode()
        assert printed.startswith("sendPoll ok "), printed
        _call, _arrow, vote = printed.rpartition(" -> ")
        assert json.loads(vote) == {"poll_id": poll["id"], "option_persistent_ids": ["0", "1", "2"]}, printed
        process.send_signal(signal.SIGTERM)
        assert await asyncio.wait_for(process.wait(), 10) == 0


async def test_a_get_as_curl_sends_it_is_taken_as_telegram_takes_it(reserve_port: Callable[[], int]) -> None:
    """A polling `run` refused by a webhook (exit 6) says to delete it with `curl <api url><token>/deleteWebhook`, a
    GET, which the Bot API takes as it takes a POST: the fake answered 405 Method Not Allowed."""
    port = reserve_port()
    async with fake_api_served(port) as (process, stdout):
        await asyncio.wait_for(stdout.readline(), 30)
        base = f"http://127.0.0.1:{port}/bot{TOKEN}"
        async with aiohttp.ClientSession() as client:
            async with client.post(f"{base}/setWebhook", data={"url": "https://quiz.example.org/telegram"}) as hooked:
                assert hooked.status == 200
            async with client.get(f"{base}/deleteWebhook") as deleted:
                assert (deleted.status, await deleted.json()) == (200, {"ok": True, "result": True})
            async with client.get(f"{base}/getWebhookInfo") as info:
                assert (await info.json())["result"]["url"] == ""
            async with client.get(f"{base}/sendMessage", params={"chat_id": "501", "text": "hi"}) as sent:
                assert (await sent.json())["result"]["text"] == "hi"
        process.send_signal(signal.SIGTERM)
        assert await asyncio.wait_for(process.wait(), 10) == 0
