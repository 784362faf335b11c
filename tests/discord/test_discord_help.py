"""/help names each command as the reader's Discord client shows it: what they must type."""

from __future__ import annotations

from tests.discord.fake_discord import FakeDiscord
from tests.discord.harness import LEARNER_ID, RunningBot


async def test_help_spells_the_commands_as_a_french_client_shows_them(bot: RunningBot, fake: FakeDiscord) -> None:
    token = await fake.slash("help", {}, user_id=LEARNER_ID, locale="fr")
    french = await fake.wait_until(lambda: next(iter(fake.answers(token)), None))
    assert "**/révision** — " in french.content and "**/review**" not in french.content
    assert "**/game start** — " in french.content  # "game" and "start" keep their names in French
    assert "/game arrêter" in french.content
    token = await fake.slash("help", {}, user_id=LEARNER_ID + 1)
    english = await fake.wait_until(lambda: next(iter(fake.answers(token)), None))
    assert "**/review** — " in english.content and "/game stop" in english.content
