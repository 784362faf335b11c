"""The retry button under a private summary clicked twice at once (a double click, or clicked again while the first
click was handled) shows the missed question once: before, the second click said "Welcome back!" and showed a
second private copy of it, as private buttons link no message that would tell the engine the question is in front
of the learner. The second click is told, only to the clicker, that the retry has already started."""

from __future__ import annotations

import asyncio

from tests.discord.fake_discord import FakeDiscord
from tests.discord.harness import LEARNER_ID, RunningBot
from tests.discord.payloads import EPHEMERAL
from tests.discord.support import button_for, buttons, first_answer, message_id
from tests.discord.test_discord_retry import RETRY_ONE, next_with_buttons

ALREADY = "Your retry has already started: answer its question above, or send /quiz to see it again."


async def test_a_private_retry_clicked_twice_at_once_shows_one_question(bot: RunningBot, fake: FakeDiscord) -> None:
    started = await fake.slash("quiz", {"quiz": "collectives", "private": True}, user_id=LEARNER_ID)
    shown = await fake.wait_until(lambda: next((c for c in fake.answers(started) if buttons(c)), None))
    for answer in ("Broadcast", "All-gather", "NVLink"):  # only the first one wrong
        click = await fake.click(message_id(shown), button_for(shown, answer), user_id=LEARNER_ID)
        shown = await next_with_buttons(fake, click)
    retry = button_for(shown, RETRY_ONE)
    clicks = await asyncio.gather(*(fake.click(message_id(shown), retry, user_id=LEARNER_ID, locale="fr")
                                    for _time in range(2)))
    answers = [await fake.wait_until(first_answer(fake, click)) for click in clicks]
    await fake.quiet()
    questions = [answer for answer in answers if buttons(answer)]
    assert len(questions) == 1 and "Question 1 sur 1" in questions[0].content
    already = bot.engine.localizer_for("fr")(ALREADY)
    assert already != ALREADY and [answer.content for answer in answers if not buttons(answer)] == [already]
    assert all(int(answer.response["flags"]) & EPHEMERAL for answer in answers)
    assert not any("Content de vous revoir" in answer.content for answer in answers)  # no "Welcome back!"
    assert fake.polls() == []
