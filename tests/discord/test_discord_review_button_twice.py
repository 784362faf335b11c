"""A reminder's "Review now" button clicked twice at once (a double click, or clicked again while the first click
was handled) shows the round's question once: before, the second click said "Welcome back!" and showed a second
private copy of it. The second click is told, only to the clicker, that the review has already started; /review
typed again shows the question again, as before."""

from __future__ import annotations

import asyncio
from datetime import timedelta

from adapters.settings import Settings
from tests.discord.fake_discord import FakeDiscord
from tests.discord.payloads import EPHEMERAL, OWNER_ID
from tests.discord.support import button_for, buttons, first_answer, message_id
from tests.discord.test_discord_review import bot_at, play_with_a_wrong_second_answer
from tests.fakes.clock import FixedClock

ALREADY = "Your review has already started: answer its question above, or send /review to see it again."


async def test_a_reminders_review_button_clicked_twice_at_once_shows_one_question(
        settings: Settings, fake: FakeDiscord, clock: FixedClock) -> None:
    async with bot_at(settings, fake, clock) as bot:
        await fake.slash("reminders", {"setting": "on 09:30"}, user_id=OWNER_ID)
        await play_with_a_wrong_second_answer(fake, bot, OWNER_ID)
        confirmed = len(fake.calls)  # turning them on was confirmed by DM, where they come
        clock.advance(timedelta(days=1, hours=1))
        reminder = await fake.wait_until(lambda: next(iter(fake.direct_messages(OWNER_ID, confirmed)), None))
        review = button_for(reminder, "Review now")
        clicks = await asyncio.gather(*(fake.click(message_id(reminder), review, user_id=OWNER_ID, locale="fr")
                                        for _time in range(2)))
        shown = [await fake.wait_until(first_answer(fake, click)) for click in clicks]
        await fake.quiet()
        questions = [answer for answer in shown if buttons(answer)]
        assert len(questions) == 1 and "Question 1 sur 1" in questions[0].content
        already = bot.engine.localizer_for("fr")(ALREADY).replace("/review", "/révision")  # as the client spells it
        assert already != ALREADY and [answer.content for answer in shown if not buttons(answer)] == [already]
        assert all(int(answer.response["flags"]) & EPHEMERAL for answer in shown)
        assert not any("Content de vous revoir" in answer.content for answer in shown)  # no "Welcome back!"

        typed = await fake.slash("review", {"private": True}, user_id=OWNER_ID, locale="fr")  # asked again
        again = await fake.wait_until(first_answer(fake, typed))
        # Shown a moment ago: carried on, not "Welcome back!" (they never left it)
        assert buttons(again) and again.content.startswith("On reprend votre révision.")
