"""A learner who switches to Yoruba with /language while a question waits reads no English from then on: the
question asked again, the rest of the quiz and its results, the retry of what they missed, the reminder days
later, the review round its button starts (with buttons) and /progress. And one who chose Shona reads in it that a
question's time ran out, said by the sweeper (no interaction, no locale) or at a late click."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from contextlib import AbstractAsyncContextManager
from datetime import timedelta

from adapters.settings import Settings
from tests.discord.fake_discord import Call, FakeDiscord
from tests.discord.harness import LEARNER_ID, RunningBot, running_bot
from tests.discord.support import buttons, first_answer, message_id, next_poll, poll_answers, vote_for
from tests.discord.words_sent import leaks
from tests.fakes.clock import FixedClock
from tests.support.english_leaks import english_quiz_phrases, english_ui_phrases


def bot_at(settings: Settings, fake: FakeDiscord, clock: FixedClock) -> AbstractAsyncContextManager[RunningBot]:
    """The bot with its reminders looked for every 20 ms (the harness's default waits much longer)."""
    return running_bot(settings, fake, clock, reminder_interval=0.02)


def finished(calls: list[Call]) -> bool:
    return any("🏁" in call.content for call in calls)


def answered_by(fake: FakeDiscord, click: str) -> Callable[[], list[Call]]:
    """What a private answer's click brought: the next question, or the round's results."""
    return lambda: [c for c in fake.answers(click) if c.method == "POST" and (buttons(c) or "🏁" in c.content)]


def moved_on(fake: FakeDiscord, after: int) -> Callable[[], bool]:
    """A vote's outcome: the next poll, or the quiz's results."""
    return lambda: bool(fake.polls(after=after)) or finished(fake.channel_messages(after=after))


async def answer_polls(fake: FakeDiscord, bot: RunningBot, after: int) -> None:
    """Each poll until the quiz's results, answered with its last option (wrong, for the first question)."""
    while True:
        poll = await next_poll(fake, bot, after=after)
        after = len(fake.calls)
        await vote_for(fake, poll, poll_answers(poll)[-1], LEARNER_ID)
        await fake.wait_until(moved_on(fake, after))
        if finished(fake.channel_messages(after=after)):
            return


async def answer_buttons(fake: FakeDiscord, shown: Call) -> None:
    """Each private question, from ``shown``, answered with its first button until the round's results."""
    while True:
        click = await fake.click(message_id(shown), buttons(shown)[0]["custom_id"], user_id=LEARNER_ID)
        answered = await fake.wait_until(answered_by(fake, click))
        if finished(answered):
            return
        shown = next(c for c in answered if buttons(c))


async def test_after_a_switch_mid_quiz_nothing_more_is_english(
        fake: FakeDiscord, settings: Settings, clock: FixedClock) -> None:
    language = "yo"
    async with bot_at(settings, fake, clock) as bot:
        await fake.slash("quiz", {"quiz": "collectives"}, user_id=LEARNER_ID)
        await next_poll(fake, bot)
        switched = len(fake.calls)
        await fake.wait_until(first_answer(fake, await fake.slash("language", {"language": language},
                                                                  user_id=LEARNER_ID)))
        await answer_polls(fake, bot, switched)
        summary = next(c for c in reversed(fake.channel_messages()) if buttons(c))
        mark = len(fake.calls)
        await fake.click(message_id(summary), buttons(summary)[0]["custom_id"], user_id=LEARNER_ID)  # retry
        await answer_polls(fake, bot, mark)
        await fake.wait_until(first_answer(fake, await fake.slash("reminders", {"setting": "on 19:00"},
                                                                  user_id=LEARNER_ID)))
        clock.advance(timedelta(days=3, hours=11))  # past 19:00 UTC three days later: everything is due
        for _ in range(250):
            if any(buttons(c) for c in fake.direct_messages(LEARNER_ID, switched)):
                break
            await asyncio.sleep(0.02)
        reminder = next(c for c in fake.direct_messages(LEARNER_ID, switched) if buttons(c))
        pressed = await fake.click(message_id(reminder), "qt:rv", user_id=LEARNER_ID)
        await answer_buttons(fake, await fake.wait_until(lambda: next((c for c in fake.answers(pressed)
                                                                         if buttons(c)), None)))
        await fake.wait_until(first_answer(fake, await fake.slash("progress", user_id=LEARNER_ID)))
    english = english_ui_phrases(language) | english_quiz_phrases(settings.content_dir, language)
    assert leaks(fake, english, after=switched) == []


async def test_a_question_whose_time_ran_out_is_said_in_the_language_chosen(
        fake: FakeDiscord, settings: Settings, clock: FixedClock) -> None:
    """Questions with a time limit, let run out: a poll the sweeper ends, and a private question clicked late."""
    language = "sn"
    timed = settings.model_copy(update={"question_seconds": 30})
    async with running_bot(timed, fake, clock, sweep_interval=0.02) as bot:
        await fake.wait_until(first_answer(fake, await fake.slash("language", {"language": language},
                                                                  user_id=LEARNER_ID)))
        await fake.slash("quiz", {"quiz": "collectives"}, user_id=LEARNER_ID)
        first = await next_poll(fake, bot)
        clock.advance(timedelta(minutes=1))
        await next_poll(fake, bot, after=fake.calls.index(first) + 1)  # the second, after "time's up"
        await fake.wait_until(first_answer(fake, await fake.slash("stop", user_id=LEARNER_ID)))
        started = await fake.slash("quiz", {"quiz": "long-options", "private": True}, user_id=LEARNER_ID)
        shown = await fake.wait_until(lambda: next((c for c in fake.answers(started) if buttons(c)), None))
        clock.advance(timedelta(minutes=1))
        late = await fake.click(message_id(shown), buttons(shown)[0]["custom_id"], user_id=LEARNER_ID)
        await fake.wait_until(lambda: finished(fake.answers(late)))  # "time's up", then the results
    english = english_ui_phrases(language) | english_quiz_phrases(settings.content_dir, language)
    assert leaks(fake, english) == []
