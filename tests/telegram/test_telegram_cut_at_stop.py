"""An update whose handler a stop cut short, in polling mode: Telegram was told it was handled (the next getUpdates'
offset) as soon as PTB fetched it, so it never comes again. The bot keeps it across the restart and handles it
then: the learner's command is answered, their vote counts, once."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

from tests.telegram.processes import BotProcess, bot_env
from tests.telegram.telegram_fake_api import FakeBotApi, FakeUser
from tests.telegram.telegram_harness import for_chat, next_poll, poll_id, wrong

ADA = FakeUser(401, "Ada", "en")
STUCK = "Too Many Requests: retry after 600"  # far past the stop's wait: the handler is cancelled


async def until_refused(api: FakeBotApi, method: str) -> None:
    for _wait in range(600):
        if any(call.method == method and not call.ok for call in api.requests):
            return
        await asyncio.sleep(0.05)
    raise AssertionError(f"no {method} was refused")


async def started(env: dict[str, str]) -> BotProcess:
    bot = await BotProcess.start(env)
    await bot.wait_for_line("telegram adapter started")
    return bot


async def test_a_command_whose_reply_a_stop_cut_short_is_answered_after_the_restart(
        api: FakeBotApi, tmp_path: Path) -> None:
    """Ada's /help met a 429 asking the bot to wait 10 minutes; the bot was stopped meanwhile (a deploy). Before: the
    bot back, nobody answered her."""
    env = bot_env(api.base_url, tmp_path)
    bot = await started(env)
    try:
        api.fail_next("sendMessage", 429, STUCK, retry_after=600)
        await api.command(ADA, "/help")
        await until_refused(api, "sendMessage")
    finally:
        assert await bot.stop() == 0, bot.log
    assert api.calls("sendMessage", for_chat(ADA.id)) == []
    again = await started(env)
    try:
        [reply] = await api.wait_for("sendMessage", 1, for_chat(ADA.id), within=30)
        await api.settle()
    finally:
        assert await again.stop() == 0, again.log
    assert "/quiz" in reply.params["text"]
    assert len(api.calls("sendMessage", for_chat(ADA.id))) == 1
    assert "Traceback" not in again.log, again.log


def answers_stored(data_dir: Path) -> int:
    with sqlite3.connect(data_dir / "quiztutor.sqlite3") as database:
        return int(database.execute("SELECT count(*) FROM answers").fetchone()[0])


async def test_a_vote_a_stop_cut_short_after_it_was_stored_counts_once_and_the_next_question_comes_once(
        api: FakeBotApi, tmp_path: Path) -> None:
    """Ada's vote was stored, then sending her next question met a long 429 and the stop cut it short. The bot
    back, the vote handled again must not count twice, nor ask question 2 twice (the start-up look for questions a
    crash left unsent asks it too)."""
    env = bot_env(api.base_url, tmp_path)
    bot = await started(env)
    try:
        await api.command(ADA, "/quiz collectives")
        first = await next_poll(api, ADA.id, 1)
        api.fail_next("sendPoll", 429, STUCK, retry_after=600)
        await api.answer_poll(ADA, poll_id(first), [wrong(first)])
        await until_refused(api, "sendPoll")
    finally:
        assert await bot.stop() == 0, bot.log
    assert "1 update(s) cut short kept" in bot.log, bot.log  # what this test is about: not merely the start-up look
    assert answers_stored(tmp_path) == 1
    again = await started(env)
    try:
        await next_poll(api, ADA.id, 2)
        await api.settle(quiet=1.0)
    finally:
        assert await again.stop() == 0, again.log
    assert len(api.polls(ADA.id)) == 2
    assert answers_stored(tmp_path) == 1
    assert "Traceback" not in again.log, again.log
