"""Sharding: QUIZ_DISCORD_SHARD_COUNT and QUIZ_DISCORD_SHARD_IDS reach discord.py, and a group of shards
connects to the gateway and serves /quiz like a plain client."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from adapters.discord.client import QuizClient
from adapters.discord.sharding import ShardedQuizClient, make_client
from adapters.discord.spec import DiscordSettings
from adapters.platforms import chat_platforms
from adapters.runtime import open_services
from adapters.settings import ConfigurationError, Settings, load_settings
from tests.conftest import FIXTURE_CONTENT
from tests.discord.fake_discord import FakeDiscord
from tests.discord.harness import LEARNER_ID, running_bot, sharded
from tests.discord.payloads import TOKEN
from tests.discord.support import first_answer, next_poll, poll_question, reply_to


async def test_the_shard_settings_reach_the_client(settings: Settings) -> None:
    async with open_services(settings) as services:
        plain = make_client(services.engine, DiscordSettings(token=TOKEN))
        group = make_client(services.engine, DiscordSettings(token=TOKEN, shard_count=4, shard_ids=(1, 3)))
        every = make_client(services.engine, DiscordSettings(token=TOKEN, shard_count=2))
        # Built but never logged in: nothing to close.
        assert type(plain) is QuizClient and plain.shard_count is None
        assert isinstance(group, ShardedQuizClient) and group.shard_count == 4 and group.shard_ids == [1, 3]
        assert isinstance(every, ShardedQuizClient) and every.shard_ids == [0, 1]


async def test_one_shard_of_two_connects_as_that_shard_and_serves_quiz(settings: Settings, fake: FakeDiscord) -> None:
    async with running_bot(sharded(settings, 2, (1,)), fake) as bot:
        assert [identify["shard"] for identify in fake.identifies] == [[1, 2]]
        await fake.slash("quiz", {"quiz": "collectives"}, user_id=LEARNER_ID)
        poll = await next_poll(fake, bot)
        assert poll_question(poll).startswith("1/3 ·")
        mark = len(fake.calls)
        await fake.vote(int(poll.response["id"]), 1, user_id=LEARNER_ID)
        await reply_to(fake, poll, after=mark)


async def test_a_group_of_shards_connects_each_of_them(settings: Settings, fake: FakeDiscord) -> None:
    # discord.py waits 5 s between identifies, as Discord asks: a group of two takes that long to connect.
    async with running_bot(sharded(settings, 3, (0, 2)), fake):
        await fake.wait_until(lambda: len(fake.identifies) == 2, within=15)
        assert sorted(identify["shard"] for identify in fake.identifies) == [[0, 3], [2, 3]]
        token = await fake.slash("progress", user_id=LEARNER_ID)  # served whichever connection it came by
        await fake.wait_until(first_answer(fake, token))


@pytest.mark.parametrize(("count", "ids", "problem"), [
    (None, "0,1", "QUIZ_DISCORD_SHARD_IDS needs QUIZ_DISCORD_SHARD_COUNT"),
    ("2", "0,2", "QUIZ_DISCORD_SHARD_IDS must be below QUIZ_DISCORD_SHARD_COUNT (2)"),
    ("4", "1,1", "QUIZ_DISCORD_SHARD_IDS: names a shard twice"),
    ("4", "one", "QUIZ_DISCORD_SHARD_IDS: must be shard numbers separated by commas"),
    ("4", "-1", "QUIZ_DISCORD_SHARD_IDS: must be shard numbers separated by commas"),
    ("0", "", "QUIZ_DISCORD_SHARD_COUNT: Input should be greater than or equal to 1"),
    ("1000000000000", "", "QUIZ_DISCORD_SHARD_COUNT: Input should be less than or equal to 100000"),  # MemoryError
])
def test_bad_shard_settings_are_refused_naming_the_variable(monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
                                                            count: str | None, ids: str, problem: str) -> None:
    monkeypatch.setenv("QUIZ_DISCORD_TOKEN", TOKEN)
    monkeypatch.setenv("QUIZ_DATA_DIR", str(tmp_path))
    if count is not None:
        monkeypatch.setenv("QUIZ_DISCORD_SHARD_COUNT", count)
    monkeypatch.setenv("QUIZ_DISCORD_SHARD_IDS", ids)
    with pytest.raises(ConfigurationError) as refused:
        load_settings(chat_platforms())
    assert problem in str(refused.value)


def test_shard_ids_are_read_from_a_comma_separated_list(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("QUIZ_DISCORD_SHARD_COUNT", "4")
    monkeypatch.setenv("QUIZ_DISCORD_SHARD_IDS", " 3, 0 ")
    settings = DiscordSettings()
    assert settings.shard_count == 4 and settings.shard_ids == (3, 0) and settings.shards == [3, 0]


@pytest.mark.parametrize("ids", ["9" * 5000, "0," + "1" * 4301, "1000000,2000000", "1" * 5000 + ",2" + "0" * 4400,
                                 "100000,1000000", "100001,1000000,2000000"])
def test_a_shard_number_of_thousands_of_digits_is_said_to_be_too_large(tmp_path: Path, ids: str) -> None:
    """Was Python's own "Exceeds the limit (4300 digits) for integer string conversion ...; use
    sys.set_int_max_str_digits() to increase the limit", which is no setting of QuizTutor's. Two such numbers (or
    two of 7 digits, or one beside a 6-digit one) are two shards out of range, not "names a shard twice"."""
    clean = {key: value for key, value in os.environ.items() if not key.startswith("QUIZ_")}
    done = subprocess.run([sys.executable, "-m", "adapters.cli.main", "validate", str(FIXTURE_CONTENT)],
                          env={**clean, "QUIZ_DISCORD_TOKEN": TOKEN, "QUIZ_DATA_DIR": str(tmp_path),
                               "QUIZ_DISCORD_SHARD_COUNT": "4", "QUIZ_DISCORD_SHARD_IDS": ids},
                          stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=60)
    assert (done.returncode, done.stderr.splitlines()) == (2, [
        "quiztutor: invalid configuration:",
        "  QUIZ_DISCORD_SHARD_IDS must be below QUIZ_DISCORD_SHARD_COUNT (4): shards are numbered from 0"]), done.stderr
