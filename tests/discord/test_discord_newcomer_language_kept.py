"""A newcomer's first command, read-only as it may be, keeps the language their Discord told: what reaches them
later without a locale of its own (a vote's reply, a reminder, a sweep's notice) speaks it too, not the server's."""

from __future__ import annotations

import sqlite3

import pytest

from adapters.settings import Settings
from tests.discord.fake_discord import FakeDiscord
from tests.discord.harness import OTHER_ID, RunningBot
from tests.discord.payloads import guild_payload
from tests.discord.support import first_answer, next_poll, reply_to, vote_for
from tests.discord.test_discord_vote_language import hint_in


@pytest.mark.parametrize(("command", "options"), [
    ("progress", {}),
    ("quizzes", {}),
    ("preview", {"quiz": "collectives"}),
    ("review", {}),  # nothing due: when the next review is
    ("help", {}),
    ("stop", {}),  # no quiz in progress
    ("reminders", {}),  # how they stand
    ("leaderboard", {}),
])
async def test_a_newcomers_read_only_first_command_keeps_their_discords_language(
        bot: RunningBot, fake: FakeDiscord, settings: Settings, command: str, options: dict[str, str]) -> None:
    assert guild_payload()["preferred_locale"] == "fr"  # the server's language is not theirs
    told = await fake.slash(command, options, user_id=OTHER_ID, locale="en-US", guild_locale="fr")
    await fake.wait_until(first_answer(fake, told))  # answered in English, as their client speaks
    with sqlite3.connect(settings.data_dir / "quiztutor.sqlite3") as database:
        assert database.execute("SELECT language, last_hint FROM users WHERE platform_user_id = ?",
                                (str(OTHER_ID),)).fetchone() == (None, "en")

    await fake.slash("quiz", {"quiz": "collectives"})  # someone else's poll, which the newcomer votes on
    poll = await next_poll(fake, bot)
    mark = len(fake.calls)
    await vote_for(fake, poll, "All-reduce", OTHER_ID)
    hint = await reply_to(fake, poll, after=mark)
    assert hint.content == hint_in(bot, "en") != hint_in(bot, "fr")
