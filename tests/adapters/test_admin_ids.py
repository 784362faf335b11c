"""QUIZ_<PLATFORM>_ADMINS as an operator writes it: an id padded with zeros still names its user, and an entry that
names nobody is refused naming that entry."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from adapters.discord.spec import DiscordSettings
from adapters.telegram.spec import TelegramSettings
from bot.admins import AdminPolicy
from bot.replies import Actor

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "content"


@pytest.mark.parametrize(("settings", "platform"), [(TelegramSettings, "telegram"), (DiscordSettings, "discord")])
def test_an_admin_id_written_with_leading_zeros_is_the_user_of_that_number(
        settings: type[TelegramSettings] | type[DiscordSettings], platform: str) -> None:
    admins = settings(admins="00123456789, 42").admins  # as a spreadsheet pads a column of ids
    assert admins == {"123456789", "42"}
    policy = AdminPolicy({platform: set(admins)})
    assert policy.is_admin(Actor(platform=platform, user_id="123456789", chat_id="1"))  # as the platform sends it


@pytest.mark.parametrize("entry", ["@ada", "12 34", "+4412345"])
def test_an_admin_entry_that_is_no_user_id_is_refused_naming_the_variable_and_the_entry(entry: str) -> None:
    clean = {key: value for key, value in os.environ.items() if not key.startswith("QUIZ_")}
    done = subprocess.run([sys.executable, "-m", "adapters.cli.main", "validate", str(FIXTURES)],
                          env={**clean, "QUIZ_TELEGRAM_ADMINS": f"11, {entry}"}, capture_output=True, text=True,
                          timeout=60, check=False)
    assert done.returncode == 2, done.stdout + done.stderr
    assert f"QUIZ_TELEGRAM_ADMINS: {entry!r} is not a user id" in done.stderr, done.stderr
