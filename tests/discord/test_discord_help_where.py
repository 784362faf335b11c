"""/help read in a DM listed /game start (a command Discord offers in servers only) and /leaderboard (a server's
points, which a DM answers are in servers) as if they worked there; now a DM's help says where they work."""

from __future__ import annotations

import pytest

from bot.languages import SUPPORTED_LANGUAGES
from tests.discord.fake_discord import FakeDiscord
from tests.discord.harness import LEARNER_ID, RunningBot
from tests.discord.support import first_answer

IN_A_SERVER = ("In a server: {game} opens a game for everyone in the channel, and {leaderboard} shows the server's "
               "points.")


async def help_read(fake: FakeDiscord, *, dm: bool, locale: str = "en-US") -> list[str]:
    token = await fake.slash("help", {}, user_id=LEARNER_ID, dm=dm, locale=locale)
    return (await fake.wait_until(first_answer(fake, token))).content.splitlines()


@pytest.mark.parametrize("language", SUPPORTED_LANGUAGES)
async def test_a_dms_help_says_the_server_commands_work_in_a_server(
        bot: RunningBot, fake: FakeDiscord, language: str) -> None:
    chosen = await fake.slash("language", {"language": language}, user_id=LEARNER_ID, dm=True)
    await fake.wait_until(first_answer(fake, chosen))
    _ = bot.engine.localizer_for(language)
    where = "*" + _(IN_A_SERVER, game="/game start", leaderboard="/leaderboard") + "*"
    in_dm = await help_read(fake, dm=True)
    assert not [line for line in in_dm if line.startswith(("**/game", "**/leaderboard"))], in_dm
    assert where in in_dm and any(line.startswith("**/quiz** — ") for line in in_dm)
    in_server = await help_read(fake, dm=False)
    assert [line.split("** — ")[0] for line in in_server if line.startswith(("**/game", "**/leaderboard"))] \
        == ["**/game start", "**/leaderboard"]
    assert where not in in_server
    if language != "en":
        assert _(IN_A_SERVER) != IN_A_SERVER


async def test_a_dms_help_spells_the_server_commands_as_the_readers_client_shows_them(
        bot: RunningBot, fake: FakeDiscord) -> None:
    """A French client offers /game lancer, not /game start (a learner who chose no language reads its French)."""
    in_dm = await help_read(fake, dm=True, locale="fr")
    french = bot.engine.localizer_for("fr")
    assert "*" + french(IN_A_SERVER, game="/game lancer", leaderboard="/leaderboard") + "*" in in_dm, in_dm
