"""`quiztutor run` at DEBUG keeps interaction tokens out of its log: discord.py logs every request's URL, and an
interaction's answers go to URLs holding its token (valid 15 minutes, enough to post as the bot there), as does the
INTERACTION_CREATE event it logs."""

from __future__ import annotations

from pathlib import Path

from adapters.logging_setup import REDACTED
from tests.discord.fake_discord import FakeDiscord
from tests.discord.payloads import APP_ID, TOKEN
from tests.discord.support import first_answer
from tests.discord.test_discord_run_process import run_discord


async def test_an_interactions_token_is_redacted_from_the_debug_log_and_the_rest_of_its_urls_kept(
        fake: FakeDiscord, tmp_path: Path) -> None:
    bot = await run_discord(tmp_path, fake.api_base, fake.gateway_url, QUIZ_LOG_LEVEL="DEBUG")
    try:
        # A process starting: its imports, migrations and content take seconds on a loaded machine, past 5 s.
        await bot.wait_for_line("discord adapter started", within=60)
        await fake.wait_connected()
        token = await fake.slash("quiz", {})  # deferred, then its answer edits the original: both URLs
        answer = await fake.wait_until(first_answer(fake, token), within=30)
        assert answer.content.startswith("You have no quiz in progress.")
    finally:
        await bot.stop()
    interaction_id = token.removeprefix("itoken-")
    assert "INTERACTION_CREATE" in bot.log  # discord.py's DEBUG lines were there to scrub
    assert token not in bot.log and TOKEN not in bot.log
    assert f"/interactions/{interaction_id}/{REDACTED}/callback" in bot.log, bot.log  # which call, still said
    assert f"/webhooks/{APP_ID}/{REDACTED}/messages/@original" in bot.log, bot.log
