"""/review with nothing due suggests a quiz not played yet: never the quiz of a group game that holds it, which
/quiz would refuse right away (a player's anywhere, anyone's in the game's channel)."""

from __future__ import annotations

from tests.discord.fake_discord import FakeDiscord
from tests.discord.game_steps import open_lobby
from tests.discord.harness import LEARNER_ID, OTHER_ID, RunningBot
from tests.discord.support import first_answer

# The quiz named by its title, and started with /quiz and its option (an id in brackets started nothing).
ELSEWHERE = "Meanwhile, try a quiz you haven't played yet: Long options. Send /quiz quiz:long-options to start it."


async def test_review_suggests_no_quiz_a_running_game_holds(bot: RunningBot, fake: FakeDiscord) -> None:
    await open_lobby(fake, OTHER_ID)
    for user_id, dm in ((OTHER_ID, True), (OTHER_ID, False), (LEARNER_ID, False)):  # a player; an onlooker here
        asked = await fake.slash("review", user_id=user_id, dm=dm)
        said = (await fake.wait_until(first_answer(fake, asked))).content
        assert said.splitlines()[-1] == ELSEWHERE, (user_id, dm, said)


async def test_review_says_the_quiz_command_in_the_learners_language(bot: RunningBot, fake: FakeDiscord) -> None:
    """A French client: the suggestion and its command in French, the command as that client spells it."""
    asked = await fake.slash("review", user_id=OTHER_ID, locale="fr")
    said = (await fake.wait_until(first_answer(fake, asked))).content
    assert said.splitlines()[-1].startswith("En attendant, essayez un quiz que vous n’avez pas encore fait\u00a0: ")
    assert said.endswith(". Envoyez /quiz quiz:collectives pour le commencer."), said
