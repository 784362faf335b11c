"""`quiztutor run` answers /healthz from its start: a replica waiting for another's long migration (or making one:
an upgrade that rewrites a large table) is alive, only not ready yet. Before, its endpoint came up only once it
had migrated, so Docker's HEALTHCHECK called it unhealthy after a minute and a half of an upgrade, compose gave up on
the replica waiting for it, and an orchestrator restarting on a failing /healthz would cut the migration short."""

from __future__ import annotations

import asyncio
import signal
import sys
from collections.abc import Callable
from pathlib import Path

import asyncpg

from storage.migrate import MIGRATION_LOCK_KEY
from tests.pg_cluster import asyncpg_url
from tests.support.http_probe import get, wait_for_status
from tests.telegram.telegram_fake_api import FakeBotApi
from tests.telegram.test_telegram_run_http import environment, up


async def test_a_replica_waiting_for_another_ones_migration_is_healthy_and_says_it_is_starting(
        api: FakeBotApi, tmp_path: Path, postgres_url: str, reserve_port: Callable[[], int]) -> None:
    port = reserve_port()
    base = f"http://127.0.0.1:{port}"
    migrating = await asyncpg.connect(asyncpg_url(postgres_url))  # another replica, in the middle of an upgrade
    await migrating.execute("SELECT pg_advisory_lock($1)", MIGRATION_LOCK_KEY)
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "adapters.cli.main", "run",
        env={**environment(api, tmp_path, port), "QUIZ_DATABASE_URL": postgres_url},
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT)
    try:
        await up(base + "/healthz")  # before: nothing listened until the migration was done
        assert (await get(base + "/healthz")).status == 200
        starting = await get(base + "/readyz")
        assert starting.status == 503
        assert starting.text == "not ready: starting: opening the database (migrating it if needed) and the content\n"
        assert api.calls("getMe") == []  # it waits: nothing of Telegram's started yet

        await migrating.execute("SELECT pg_advisory_unlock($1)", MIGRATION_LOCK_KEY)
        assert (await wait_for_status(base + "/readyz", 200, within=30)).text == "ready\n"
    finally:
        await migrating.close()
        process.send_signal(signal.SIGTERM)
        output, _ = await asyncio.wait_for(process.communicate(), 30)
    assert process.returncode == 0, output.decode()
