"""/review with nothing due suggests a quiz not played yet: never the quiz of a group game that holds it, which
/quiz would refuse right away (a player's anywhere, anyone's in the game's channel)."""

from __future__ import annotations

from tests.discord.fake_discord import FakeDiscord
from tests.discord.game_steps import open_lobby
from tests.discord.harness import LEARNER_ID, OTHER_ID, RunningBot
from tests.discord.support import first_answer

ELSEWHERE = "Meanwhile, try a quiz you haven't played yet: Long options (long-options)."


async def test_review_suggests_no_quiz_a_running_game_holds(bot: RunningBot, fake: FakeDiscord) -> None:
    await open_lobby(fake, OTHER_ID)
    for user_id, dm in ((OTHER_ID, True), (OTHER_ID, False), (LEARNER_ID, False)):  # a player; an onlooker here
        asked = await fake.slash("review", user_id=user_id, dm=dm)
        said = (await fake.wait_until(first_answer(fake, asked))).content
        assert said.splitlines()[-1] == ELSEWHERE, (user_id, dm, said)
