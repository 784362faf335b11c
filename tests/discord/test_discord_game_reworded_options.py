"""The open question's option texts reworded or swapped by a reload, their ids kept: the game passes it over, as
a question removed, rather than show results (and keep reviews) in words its players were never shown."""

from __future__ import annotations

from pathlib import Path

from sqlalchemy import func, select

from adapters.settings import Settings
from storage import tables
from tests.discord.fake_discord import FakeDiscord
from tests.discord.game_steps import PLAYER_PERMISSIONS, answer_button, click, correct_index, question, two_player_game
from tests.discord.harness import ADMIN_ID, LEARNER_ID, OTHER_ID, running_bot
from tests.discord.support import first_answer, message_id
from tests.fakes.clock import FixedClock
from tests.support.content import swap_option_texts

GAMES = 0.02  # seconds between looks for game phases that are due (the harness default waits an hour)
CHANGED = ("This question was changed after it was asked, so it takes no answers. The game moves on when its time "
           "is up.")


async def test_a_vote_on_the_open_question_whose_options_a_reload_swapped_is_refused_and_it_gets_no_results(
        fake: FakeDiscord, settings: Settings, clock: FixedClock, content_dir: Path) -> None:
    """Before: the vote for All-reduce, where the buttons showed it, counted (rightly), but the results said "the
    answer is A. Broadcast" (the text the answer's id has now), and the player's card was reviewed on the new
    question."""
    async with running_bot(settings, fake, clock, game_interval=GAMES) as bot:
        _lobby, _game_id, first = await two_player_game(fake)
        right = correct_index(first, "All-reduce")
        swap_option_texts(content_dir, "sum-everywhere", "all-reduce", "broadcast")  # the quiz's first question
        reloaded = await fake.wait_until(first_answer(fake, await fake.slash("reload", user_id=ADMIN_ID)))
        assert reloaded.content.startswith("Content reloaded"), reloaded.content

        assert await click(fake, message_id(first), answer_button(first, right), LEARNER_ID) == CHANGED
        skipped = await fake.wait_until(first_answer(fake, await fake.slash(
            "game", subcommand="skip", user_id=OTHER_ID, member_permissions=PLAYER_PERMISSIONS)))
        assert skipped.content == "Next question."  # no results in words nobody was shown
        second = await question(fake, 2)
        assert message_id(second) != message_id(first)
        assert not fake.messages[message_id(first)]["components"]
        assert not any("the answer is" in call.content for call in fake.channel_messages())
        async with bot.database.connect() as connection:  # no card reviewed on a question never shown as it is
            cards = (await connection.execute(select(func.count()).select_from(tables.table_of(tables.Card)))).one()
        assert cards == (0,)
