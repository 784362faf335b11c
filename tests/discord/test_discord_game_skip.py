"""/game skip on Discord moves a game on by one step, and tells the one who skipped which step it was, in their
language: the game started, the question closed, the next question, or the game over."""

from __future__ import annotations

from adapters.settings import Settings
from tests.discord.fake_discord import FakeDiscord
from tests.discord.game_steps import PLAYER_PERMISSIONS, open_lobby, question, with_buttons
from tests.discord.harness import OTHER_ID, RunningBot, running_bot
from tests.discord.support import first_answer
from tests.fakes.clock import FixedClock

GAMES = 0.02  # seconds between looks for game phases that are due (the harness default waits an hour)


async def skip(fake: FakeDiscord, locale: str = "en-US") -> str:
    """The starter's /game skip; what they alone were told."""
    call = await fake.slash("game", subcommand="skip", user_id=OTHER_ID, locale=locale,
                            member_permissions=PLAYER_PERMISSIONS)
    return (await fake.wait_until(first_answer(fake, call))).content


def words(bot: RunningBot, language: str, msgid: str) -> str:
    return bot.engine.localizer_for(language)(msgid)


async def test_each_skip_says_what_it_did_in_the_skippers_language(fake: FakeDiscord, settings: Settings,
                                                                  clock: FixedClock) -> None:
    async with running_bot(settings, fake, clock, game_interval=GAMES) as bot:
        await open_lobby(fake, OTHER_ID)
        # In the lobby a skip starts the game: it asks the first question, it skips none.
        assert await skip(fake, "fr") == words(bot, "fr", "Game started.") != "Game started."
        await question(fake, 1)
        assert await skip(fake, "sw") == words(bot, "sw", "Question skipped.") != "Question skipped."
        assert await skip(fake) == "Next question."  # from the first question's results
        await question(fake, 2)
        assert await skip(fake) == "Question skipped."
        assert await skip(fake) == "Next question."
        await question(fake, 3)
        assert await skip(fake) == "Question skipped."
        # After the last question's results a skip shows the podium: the game is over, no question is next.
        assert await skip(fake, "yo") == words(bot, "yo", "Game over.") != "Game over."
        assert len(with_buttons(fake, "qt:ga:")) == 3
        podium = await fake.wait_until(lambda: next((c for c in fake.channel_messages()
                                                     if "Final results" in c.content), None))
        assert podium is not None
        assert (await skip(fake)).startswith("No game is running in this chat.")  # nothing left to skip
