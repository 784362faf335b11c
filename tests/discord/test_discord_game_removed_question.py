"""A question a reload removed while it was open: the game passes it over without results, and its buttons go as
the next question goes up (before: they stayed up for good, every press told the question was removed)."""

from __future__ import annotations

from pathlib import Path

from adapters.settings import Settings
from tests.discord.fake_discord import FakeDiscord
from tests.discord.game_steps import PLAYER_PERMISSIONS, question, two_player_game
from tests.discord.harness import ADMIN_ID, OTHER_ID, running_bot
from tests.discord.support import first_answer, message_id
from tests.fakes.clock import FixedClock
from tests.support.content import remove_question

GAMES = 0.02  # seconds between looks for game phases that are due (the harness default waits an hour)


async def test_the_open_question_a_reload_removed_loses_its_buttons_when_the_game_passes_it_over(
        fake: FakeDiscord, settings: Settings, clock: FixedClock, content_dir: Path) -> None:
    async with running_bot(settings, fake, clock, game_interval=GAMES):
        _lobby, _game_id, first = await two_player_game(fake)
        remove_question(content_dir, "sum-everywhere")  # the quiz's first question
        reloaded = await fake.wait_until(first_answer(fake, await fake.slash("reload", user_id=ADMIN_ID)))
        assert reloaded.content.startswith("Content reloaded"), reloaded.content
        skipped = await fake.wait_until(first_answer(fake, await fake.slash(
            "game", subcommand="skip", user_id=OTHER_ID, member_permissions=PLAYER_PERMISSIONS)))
        assert skipped.content == "Next question."  # no results for a question that is gone
        second = await question(fake, 2)
        assert message_id(second) != message_id(first)
        assert not fake.messages[message_id(first)]["components"]
