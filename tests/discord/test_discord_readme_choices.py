"""The README writes a Discord command's choices as Discord shows them to pick, as a user types them."""

from __future__ import annotations

import re
from pathlib import Path

from adapters.discord.sync import sync_commands
from adapters.settings import Settings
from tests.discord.fake_discord import FakeDiscord
from tests.discord.harness import discord_settings

README = Path(__file__).resolve().parents[2] / "README.md"


async def test_the_readmes_leaderboard_choices_are_the_names_discord_shows(
        settings: Settings, fake: FakeDiscord) -> None:
    """It wrote `period:all`, which Discord shows (and a user picks) as "all time"."""
    await sync_commands(settings, discord_settings(settings), None)
    put = next(c for c in fake.calls if c.method == "PUT")
    options = {option["name"]: [choice["name"] for choice in option["choices"]]
               for command in put.body if command["name"] == "leaderboard" for option in command["options"]}
    written = re.findall(r"`/leaderboard ((?:\w+:[^`:]+?)(?: \w+:[^`:]+?)*)`", README.read_text(encoding="utf-8"))
    pairs = [re.match(r"(\w+):(.+)", part) for usage in written for part in re.split(r" (?=\w+:)", usage)]
    assert {match.group(1) for match in pairs if match} == {"period", "me"}
    for match in pairs:
        assert match is not None
        assert match.group(2) in options[match.group(1)], match.group(0)


async def test_the_readmes_discord_commands_are_those_synced(settings: Settings, fake: FakeDiscord) -> None:
    """Every slash command a learner has is in the README's list, and nothing the bot doesn't register (/reload is
    the admins', under "Adding a quiz")."""
    await sync_commands(settings, discord_settings(settings), None)
    synced = {command["name"] for command in next(c for c in fake.calls if c.method == "PUT").body}
    text = " ".join(README.read_text(encoding="utf-8").split())
    listed = re.search(r"Learners run (.*?`/help`)\.", text)
    assert listed is not None, "the README's Discord section no longer lists the commands"
    assert set(re.findall(r"`/(\w+)", listed[1])) == synced - {"reload"}
