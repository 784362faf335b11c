"""A question asked with private buttons, then again as a poll (the quiz resumed in a channel): answered with
the old buttons, its poll is ended, not left open to votes that count for nothing."""

from __future__ import annotations

from tests.discord.fake_discord import FakeDiscord
from tests.discord.harness import LEARNER_ID, RunningBot
from tests.discord.support import button_for, buttons, message_id, next_poll, poll_question


async def test_an_answer_by_the_old_buttons_ends_the_poll_that_asked_the_same_question_since(
        bot: RunningBot, fake: FakeDiscord) -> None:
    started = await fake.slash("quiz", {"quiz": "collectives", "private": True}, user_id=LEARNER_ID)
    question = await fake.wait_until(lambda: next((c for c in fake.answers(started) if buttons(c)), None))
    mark = len(fake.calls)
    await fake.slash("quiz", {}, user_id=LEARNER_ID)  # resumed here: the same question, as a poll
    poll = await next_poll(fake, bot, after=mark)
    assert "Which collective leaves the sum of all gradients on every rank?" in poll_question(poll)

    mark = len(fake.calls)
    click = await fake.click(message_id(question), button_for(question, "All-reduce"), user_id=LEARNER_ID)
    await fake.wait_until(lambda: next((c for c in fake.interaction_calls(click)
                                        if buttons(c) and c.method == "POST"), None))  # its next question
    await fake.wait_until(lambda: fake.ended_polls(after=mark) == [message_id(poll)])
