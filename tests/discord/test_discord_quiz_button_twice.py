"""A /quizzes ▶ button clicked twice at once (a double click, or clicked again while the first click was handled)
asks its question once, in the channel's poll or privately: before, the second click said "Welcome back!" and
asked it again (a second poll, the first taken away as the learner read it; or a second private copy). The second
click is told, only to the clicker, that the quiz has already started."""

from __future__ import annotations

import asyncio

from tests.discord.fake_discord import FakeDiscord
from tests.discord.harness import LEARNER_ID, RunningBot
from tests.discord.payloads import EPHEMERAL
from tests.discord.support import button_for, buttons, first_answer, message_id, next_poll

ALREADY = "Your quiz has already started: answer its question above, or send /quiz to see it again."


async def test_a_quizzes_button_clicked_twice_at_once_posts_one_poll(bot: RunningBot, fake: FakeDiscord) -> None:
    listing = await fake.wait_until(first_answer(fake, await fake.slash("quizzes", user_id=LEARNER_ID,
                                                                        locale="fr")))
    start = button_for(listing, "▶ Collectives")
    mark = len(fake.calls)
    clicks = await asyncio.gather(*(fake.click(message_id(listing), start, user_id=LEARNER_ID, locale="fr")
                                    for _time in range(2)))
    poll = await next_poll(fake, bot, after=mark)
    told = [await fake.wait_until(first_answer(fake, click)) for click in clicks]
    await fake.quiet()
    assert fake.polls(after=mark) == [poll] and fake.ended_polls(after=mark) == []
    already = bot.engine.localizer_for("fr")(ALREADY)
    assert [answer.content for answer in told].count(already) == 1 and already != ALREADY
    assert all(int(answer.response["flags"]) & EPHEMERAL for answer in told)
    assert not any("Content de vous revoir" in answer.content for answer in told)  # no "Welcome back!"


async def test_a_private_quiz_button_clicked_twice_at_once_shows_one_question(bot: RunningBot,
                                                                              fake: FakeDiscord) -> None:
    token = await fake.slash("quiz", {"private": True}, user_id=LEARNER_ID)  # nothing in progress: the list
    offer = await fake.wait_until(first_answer(fake, token))
    clicks = await asyncio.gather(*(fake.click(message_id(offer), "qt:q:v:collectives", user_id=LEARNER_ID)
                                    for _time in range(2)))
    shown = [await fake.wait_until(first_answer(fake, click)) for click in clicks]
    await fake.quiet()
    questions = [answer for answer in shown if buttons(answer)]
    assert len(questions) == 1 and "Question 1 of 3" in questions[0].content
    assert [answer.content for answer in shown if not buttons(answer)] == [ALREADY]
    assert fake.polls() == []
