"""A Discord gateway connection (the bot's one, or a shard's) runs in one process: a second `quiztutor run` on the
same database configured to run it refuses at start-up, naming it, instead of answering every event a second time
(Discord sends each event to every connection of its shard)."""

from __future__ import annotations

from pathlib import Path

from adapters.cli.exit_codes import ExitCode
from tests.discord.fake_discord import FakeDiscord
from tests.discord.payloads import TOKEN
from tests.discord.test_discord_run_process import run_discord


def one_clear_line(log: str, expected: str) -> None:
    errors = [line for line in log.splitlines() if " ERROR " in line]
    assert len(errors) == 1 and errors[0].endswith(f"quiztutor run failed: {expected}"), log
    assert "Traceback" not in log and TOKEN not in log, log


async def test_a_second_process_running_the_bots_gateway_refuses_at_start_up(fake: FakeDiscord,
                                                                              tmp_path: Path) -> None:
    first = await run_discord(tmp_path, fake.api_base, fake.gateway_url)
    bots = [first]
    try:
        await first.wait_for_line("discord adapter started", within=60)
        bots.append(second := await run_discord(tmp_path, fake.api_base, fake.gateway_url))
        assert await second.exited(within=60) == ExitCode.CONFLICT, second.log
        one_clear_line(second.log, "another process on this database already runs this Discord bot's gateway "
                       "connection; Discord would send both every event, and both would answer: stop the other one, "
                       "or shard the bot and give each process its own shards (QUIZ_DISCORD_SHARD_COUNT, "
                       "QUIZ_DISCORD_SHARD_IDS)")
        assert len(fake.identifies) == 1  # it refused before connecting
    finally:
        for bot in reversed(bots):  # one that failed to refuse is running too: stopped, not left behind
            await bot.stop()
    assert first.process.returncode == 0, first.log


async def test_a_process_given_a_shard_another_runs_refuses_naming_it_and_one_with_its_own_shards_starts(
        fake: FakeDiscord, tmp_path: Path) -> None:
    first = await run_discord(tmp_path, fake.api_base, fake.gateway_url,
                              QUIZ_DISCORD_SHARD_COUNT="3", QUIZ_DISCORD_SHARD_IDS="1")
    bots = [first]
    try:
        await first.wait_for_line("discord adapter started", within=60)
        bots.append(overlapping := await run_discord(tmp_path, fake.api_base, fake.gateway_url,
                                                     QUIZ_DISCORD_SHARD_COUNT="3", QUIZ_DISCORD_SHARD_IDS="0,1"))
        assert await overlapping.exited(within=60) == ExitCode.CONFLICT, overlapping.log
        one_clear_line(overlapping.log, "another process on this database already runs shard 1 of 3 of this Discord "
                       "bot; Discord would send both its events, and both would answer: give each process shards of "
                       "its own (QUIZ_DISCORD_SHARD_IDS)")
        # Refused whole: shard 0, free, was not kept, so a process running it (and shard 2) starts.
        bots.append(await run_discord(tmp_path, fake.api_base, fake.gateway_url,
                                      QUIZ_DISCORD_SHARD_COUNT="3", QUIZ_DISCORD_SHARD_IDS="0,2"))
        await fake.wait_until(lambda: len(fake.identifies) == 3, within=30)  # a shard every 5 s, as Discord asks
        assert sorted(identify["shard"] for identify in fake.identifies) == [[0, 3], [1, 3], [2, 3]]
    finally:
        for bot in reversed(bots):  # one that failed to refuse is running too: stopped, not left behind
            await bot.stop()
    assert [bot.process.returncode for bot in bots] == [0, ExitCode.CONFLICT, 0], [bot.log for bot in bots]
