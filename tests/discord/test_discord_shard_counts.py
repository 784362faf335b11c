"""Processes on the same database must agree on QUIZ_DISCORD_SHARD_COUNT: shard i of N and shard j of M share
servers whenever i and j are equal modulo gcd(N, M) (Discord routes a server to (id >> 22) % count), so two
processes given different counts would both answer there. The one whose count differs from a running process's
refuses at start-up, naming both counts; if both start at once, at most one of them runs."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from adapters.cli.exit_codes import ExitCode
from storage.database import sqlite_url
from tests.discord.fake_discord import FakeDiscord
from tests.discord.test_discord_one_process_a_shard import one_clear_line
from tests.discord.test_discord_run_process import run_discord
from tests.telegram.processes import BotProcess

STARTED = "discord adapter started"


def different_count(theirs: int, ours: int) -> str:
    return (f"another process on this database runs this Discord bot with QUIZ_DISCORD_SHARD_COUNT={theirs}, this "
            f"one with {ours} (unset means 1): their shards would share servers, and both would answer there; give "
            "every process the same QUIZ_DISCORD_SHARD_COUNT (to change it, stop the processes running the old one "
            "first)")


@pytest.fixture(params=["sqlite", "postgresql"])
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        return sqlite_url(tmp_path)  # where QUIZ_DATA_DIR puts it
    url: str = request.getfixturevalue("postgres_url")
    return url


async def started_or_refused(bot: BotProcess, within: float = 60) -> bool:
    """True once the process serves Discord; False if it exited first."""
    async def watch() -> bool:
        while STARTED not in bot.log:
            if bot.process.returncode is not None:
                await bot.exited()
                return False
            await asyncio.sleep(0.05)
        return True
    return await asyncio.wait_for(watch(), within)


@pytest.mark.parametrize(("first", "second"), [
    ({"QUIZ_DISCORD_SHARD_COUNT": "2", "QUIZ_DISCORD_SHARD_IDS": "0"}, {"QUIZ_DISCORD_SHARD_COUNT": "4",
                                                                       "QUIZ_DISCORD_SHARD_IDS": "2"}),
    ({}, {"QUIZ_DISCORD_SHARD_COUNT": "2", "QUIZ_DISCORD_SHARD_IDS": "1"}),  # unsharded: every server
])
async def test_a_process_given_another_shard_count_than_a_running_one_refuses_naming_both(
        fake: FakeDiscord, tmp_path: Path, database_url: str, first: dict[str, str], second: dict[str, str]) -> None:
    theirs, ours = int(first.get("QUIZ_DISCORD_SHARD_COUNT", "1")), int(second["QUIZ_DISCORD_SHARD_COUNT"])
    running = await run_discord(tmp_path, fake.api_base, fake.gateway_url, QUIZ_DATABASE_URL=database_url, **first)
    bots = [running]
    try:
        await running.wait_for_line(STARTED, within=60)
        bots.append(other := await run_discord(tmp_path, fake.api_base, fake.gateway_url,
                                               QUIZ_DATABASE_URL=database_url, **second))
        assert not await started_or_refused(other), other.log
        assert other.process.returncode == ExitCode.CONFLICT, other.log
        one_clear_line(other.log, different_count(theirs, ours))
        assert len(fake.identifies) == 1  # it refused before connecting
        assert await running.stop() == 0, running.log
        # The old count's processes stopped first, as the line says: the new count starts (nothing left behind).
        bots.append(new := await run_discord(tmp_path, fake.api_base, fake.gateway_url,
                                             QUIZ_DATABASE_URL=database_url, **second))
        await new.wait_for_line(STARTED, within=60)
        assert fake.identifies[-1]["shard"] == [int(second["QUIZ_DISCORD_SHARD_IDS"]), ours]
    finally:
        for bot in reversed(bots):  # one that failed to refuse is running too: stopped, not left behind
            await bot.stop()
    assert bots[-1].process.returncode == 0, bots[-1].log


async def test_processes_started_at_once_with_different_shard_counts_never_both_run(
        fake: FakeDiscord, tmp_path: Path, database_url: str) -> None:
    """Refusing both is acceptable (the operator starts the right ones again); both running is not."""
    bots = list(await asyncio.gather(*(
        run_discord(tmp_path, fake.api_base, fake.gateway_url, QUIZ_DATABASE_URL=database_url,
                    QUIZ_DISCORD_SHARD_COUNT=count, QUIZ_DISCORD_SHARD_IDS="0") for count in ("2", "3", "2", "3"))))
    try:
        outcomes = await asyncio.gather(*(started_or_refused(bot) for bot in bots))
        counts = {count for count, started in zip((2, 3, 2, 3), outcomes, strict=True) if started}
        assert len(counts) <= 1, [bot.log for bot in bots]
        for bot, started in zip(bots, outcomes, strict=True):
            assert started or bot.process.returncode == ExitCode.CONFLICT, bot.log
    finally:
        for bot in reversed(bots):
            await bot.stop()


async def test_processes_started_at_once_with_the_same_shard_count_all_run(
        fake: FakeDiscord, tmp_path: Path, database_url: str) -> None:
    """Checking the others' counts must not mistake a process of the same count, checking at the same moment, for
    one of another count."""
    bots = list(await asyncio.gather(*(
        run_discord(tmp_path, fake.api_base, fake.gateway_url, QUIZ_DATABASE_URL=database_url,
                    QUIZ_DISCORD_SHARD_COUNT="3", QUIZ_DISCORD_SHARD_IDS=str(shard)) for shard in range(3))))
    try:
        assert await asyncio.gather(*(started_or_refused(bot) for bot in bots)) == [True] * 3, \
            [bot.log for bot in bots]
    finally:
        for bot in reversed(bots):
            await bot.stop()
    assert [bot.process.returncode for bot in bots] == [0] * 3, [bot.log for bot in bots]
