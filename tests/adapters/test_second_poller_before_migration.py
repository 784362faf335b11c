"""A second `run` polling the same Telegram bot on the same database (a newer release started before the older one
was stopped) upgraded the schema first, then refused with exit 6: the older process, still polling, was left
serving a schema it doesn't know. The single-process locks are now taken before any migration."""

from __future__ import annotations

import asyncio

from adapters.cli.exit_codes import ExitCode
from adapters.telegram.spec import TelegramSettings
from storage.process_lock import process_lock
from tests.support.schema_revisions import at_previous_revision, previous_revision, quiztutor, revision

TOKEN = "123456:SECRET-test-token"


async def test_a_second_poller_exits_6_leaving_the_schema_as_the_polling_release_left_it(
        any_database_url: str) -> None:
    database = await at_previous_revision(any_database_url)
    polling = TelegramSettings(token=TOKEN).single_process()
    assert polling is not None
    async with process_lock(database, *polling.locks):  # the older release's process, polling
        done = await asyncio.to_thread(quiztutor, {"QUIZ_DATABASE_URL": database, "QUIZ_TELEGRAM_TOKEN": TOKEN}, "run")
    assert done.returncode == ExitCode.CONFLICT, done.stderr
    assert await revision(database) == previous_revision()
