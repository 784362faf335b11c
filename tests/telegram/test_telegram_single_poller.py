"""Long polling runs in one process: a second `quiztutor run` refuses clearly, instead of fighting the first
over the bot's updates (Telegram answers a second getUpdates with 409 Conflict)."""

from __future__ import annotations

import asyncio
from pathlib import Path

import asyncpg

from adapters.cli.exit_codes import ExitCode
from storage.advisory_lock import advisory_key
from tests.adapters.test_outage_errors import end_backend
from tests.pg_cluster import asyncpg_url
from tests.support.advisory_locks import holder, someone_waits
from tests.telegram.processes import BotProcess, bot_env
from tests.telegram.telegram_fake_api import FakeBotApi
from tests.telegram.telegram_harness import AMINATA, TOKEN


def one_clear_line(log: str, phrase: str) -> None:
    errors = [line for line in log.splitlines() if "quiztutor run failed" in line]
    assert len(errors) == 1 and phrase in errors[0], log
    assert "Traceback" not in log and TOKEN not in log, log


async def serves(api: FakeBotApi) -> None:
    before = len(api.calls("sendPoll"))
    await api.command(AMINATA, "/quiz collectives")
    await api.wait_for("sendPoll", before + 1, within=30)


async def test_a_second_poller_on_the_same_database_refuses_at_start_up(api: FakeBotApi, tmp_path: Path) -> None:
    first = await BotProcess.start(bot_env(api.base_url, tmp_path))
    try:
        await first.wait_for_line("telegram adapter started")
        second = await BotProcess.start(bot_env(api.base_url, tmp_path))
        code = await second.exited()
        assert code == ExitCode.CONFLICT, second.log
        one_clear_line(second.log, "another process on this database is already polling Telegram for this bot; "
                       "only one process may take a bot's updates by long polling: stop the other one, or run "
                       "several processes in webhook mode (QUIZ_TELEGRAM_WEBHOOK_URL)")
        assert len(api.calls("getMe")) == 1  # it refused before talking to Telegram
        await serves(api)  # the first goes on undisturbed
    finally:
        assert await first.stop() == 0, first.log


async def test_a_poller_whose_lock_another_process_took_while_the_database_was_away_stops(
        api: FakeBotApi, tmp_path: Path, postgres_url: str) -> None:
    """The lock is a PostgreSQL session lock: a database restart frees it. If another process takes it before this
    one takes it back, this one must stop clearly rather than poll beside it."""
    poller = await BotProcess.start(bot_env(api.base_url, tmp_path, QUIZ_DATABASE_URL=postgres_url))
    other = await asyncpg.connect(asyncpg_url(postgres_url))
    try:
        await poller.wait_for_line("telegram adapter started")
        lock = f"telegram-polling-{TOKEN.partition(':')[0]}"
        pid = await holder(postgres_url, lock)
        assert pid is not None
        queued = asyncio.ensure_future(other.execute("SELECT pg_advisory_lock($1)", advisory_key(lock)))
        await someone_waits(postgres_url)
        await end_backend(postgres_url, pid)  # as a restart would; the other process gets the lock at once
        await asyncio.wait_for(queued, timeout=10)
        assert await poller.exited() == ExitCode.CONFLICT, poller.log
        one_clear_line(poller.log, "this process lost its lock with its database connection, and meanwhile another "
                       "process on this database is already polling Telegram for this bot")
    finally:
        await other.close()
        await poller.stop()


async def test_a_second_poller_elsewhere_is_stopped_by_telegrams_409_conflict(api: FakeBotApi,
                                                                             tmp_path: Path) -> None:
    api.single_poller = True
    # Separate databases, so no lock can tell: only Telegram knows two processes poll for the bot.
    first = await BotProcess.start(bot_env(api.base_url, tmp_path / "one"))
    bots = [first]
    try:
        await first.wait_for_line("telegram adapter started")
        bots.append(await BotProcess.start(bot_env(api.base_url, tmp_path / "two")))
        # The fake answers whichever getUpdates comes while the other waits: almost always the newcomer's.
        done, _running = await asyncio.wait([asyncio.create_task(bot.exited()) for bot in bots],
                                            return_when=asyncio.FIRST_COMPLETED, timeout=30)
        assert len(done) == 1, "neither or both stopped"
        stopped = next(bot for bot in bots if bot.process.returncode is not None)
        assert stopped.process.returncode == ExitCode.CONFLICT, stopped.log
        one_clear_line(stopped.log, "Telegram gave this bot's updates to another process (Conflict: terminated "
                       "by other getUpdates request; make sure that only one bot instance is running); only one "
                       "process may take a bot's updates by long polling")
        await serves(api)  # the other goes on
    finally:
        codes = [await bot.stop() for bot in bots]
    assert sorted(codes) == [0, ExitCode.CONFLICT]


async def test_a_poller_refuses_to_take_the_updates_of_a_bot_whose_webhook_serves_them(
        api: FakeBotApi, tmp_path: Path) -> None:
    api.webhook_url = "https://quiz.example.org/hooks/telegram"  # webhook replicas serve this bot elsewhere
    poller = await BotProcess.start(bot_env(api.base_url, tmp_path))
    code = await poller.exited()
    assert code == ExitCode.CONFLICT, poller.log
    # How to delete it, at the Bot API server in use, without the token (it never goes into a log line).
    bot_api = api.base_url.removesuffix("/bot")
    one_clear_line(poller.log, "Telegram sends this bot's updates to a webhook at quiz.example.org, which polling "
                   "would remove; run this process in webhook mode too (QUIZ_TELEGRAM_WEBHOOK_URL), or delete the "
                   "webhook first if no deployment uses it any more: "
                   f"curl {bot_api}/bot<token>/deleteWebhook, with the bot's token for <token>")
    assert api.webhook_url and not api.calls("deleteWebhook") and not api.calls("getUpdates")


async def test_a_poller_stopped_by_a_webhook_set_elsewhere_says_so_and_how_to_delete_it(
        api: FakeBotApi, tmp_path: Path) -> None:
    """A webhook set while this process polls (a webhook deployment on another database, a setWebhook by hand):
    Telegram answers getUpdates with its own 409, which names the webhook; the operator is told that, and how to
    delete it, not to look for another poller that isn't there."""
    poller = await BotProcess.start(bot_env(api.base_url, tmp_path))
    try:
        await poller.wait_for_line("telegram adapter started")
        api.webhook_url = "https://quiz.example.org/hooks/telegram"
        await api.command(AMINATA, "/help")  # ends the long poll under way: the next getUpdates meets the webhook
        assert await poller.exited() == ExitCode.CONFLICT, poller.log
    finally:
        await poller.stop()
    bot_api = api.base_url.removesuffix("/bot")
    one_clear_line(poller.log, "Telegram sends this bot's updates to a webhook, set since this process began polling "
                   "(Conflict: can't use getUpdates method while webhook is active; use deleteWebhook to delete the "
                   "webhook first); run this process in webhook mode too (QUIZ_TELEGRAM_WEBHOOK_URL), or delete the "
                   f"webhook first if no deployment uses it any more: curl {bot_api}/bot<token>/deleteWebhook, with "
                   "the bot's token for <token>")
    assert "another process" not in poller.log, poller.log
