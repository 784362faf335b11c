"""A French server's group game asks a question with no French translation in English, saying so: the results
that replace the question's message keep saying so, as they show its English explanation."""

from __future__ import annotations

from adapters.settings import Settings
from tests.discord.fake_discord import FakeDiscord
from tests.discord.game_steps import PLAYER_PERMISSIONS, edits_of, open_lobby, question
from tests.discord.harness import ADMIN_ID, OTHER_ID, running_bot
from tests.discord.support import first_answer
from tests.fakes.clock import FixedClock

GAMES = 0.02  # seconds between looks for game phases that are due (the harness default waits an hour)


async def skip(fake: FakeDiscord) -> None:
    call = await fake.slash("game", subcommand="skip", user_id=OTHER_ID, member_permissions=PLAYER_PERMISSIONS)
    await fake.wait_until(first_answer(fake, call))


async def test_results_of_a_question_shown_in_english_still_say_why(fake: FakeDiscord, settings: Settings,
                                                                    clock: FixedClock) -> None:
    async with running_bot(settings, fake, clock, game_interval=GAMES) as bot:
        fr = bot.engine.localizer_for("fr")
        notice = fr("This question isn't available in {language} yet, so it is shown in English.",
                    language="Français")
        chosen = await fake.slash("language", {"language": "fr", "server": True}, user_id=ADMIN_ID)
        await fake.wait_until(first_answer(fake, chosen))
        await open_lobby(fake, OTHER_ID)
        await skip(fake)  # begins
        for number in (1, 2):  # the collectives quiz's third question is in English only
            assert notice not in (await question(fake, number)).content
            await skip(fake)  # closes it
            await skip(fake)  # the next one
        third = await question(fake, 3)
        assert notice in third.content
        await skip(fake)
        results = await fake.wait_until(lambda: next(iter(edits_of(fake, third)), None))
        content = results.body["content"]
        assert "NVLink" in content and notice in content, content
