"""/stop offers the retry of what the stopped quiz missed, as a summary does, played as the quiz was (before: the
stop's answer had no button)."""

from __future__ import annotations

import re

from tests.discord.fake_discord import FakeDiscord
from tests.discord.harness import LEARNER_ID, RunningBot
from tests.discord.payloads import EPHEMERAL, OWNER_ID, WITHOUT_POLLS
from tests.discord.support import button_for, buttons, first_answer, message_id, next_poll, poll_question, vote_for

RETRY = "Retry the question I missed"  # the button, when one question was missed


async def test_a_stop_of_a_quiz_played_as_polls_offers_a_retry_posted_as_polls(bot: RunningBot,
                                                                               fake: FakeDiscord) -> None:
    await fake.slash("quiz", {"quiz": "collectives"})
    poll = await next_poll(fake, bot)
    mark = len(fake.calls)
    await vote_for(fake, poll, "Broadcast", OWNER_ID)  # wrong
    await next_poll(fake, bot, after=mark)
    token = await fake.slash("stop")
    stopped = await fake.wait_until(first_answer(fake, token))
    assert stopped.content == ("Quiz stopped: Collectives. Your answers so far are saved.\n\n"
                               "Want another go at the question you missed?")
    retry = button_for(stopped, RETRY)
    assert re.fullmatch(rf"qt:r:p:[0-9a-f]{{32}}:{OWNER_ID}", retry)

    mark = len(fake.calls)
    await fake.click(message_id(stopped), retry, user_id=OWNER_ID)
    again = await next_poll(fake, bot, after=mark)
    assert poll_question(again) == "1/1 · Which collective leaves the sum of all gradients on every rank?"


async def test_a_stop_of_a_private_quiz_offers_a_private_retry(bot: RunningBot, fake: FakeDiscord) -> None:
    started = await fake.slash("quiz", {"quiz": "collectives", "private": True}, user_id=LEARNER_ID)
    shown = await fake.wait_until(lambda: next((c for c in fake.answers(started) if buttons(c)), None))
    click = await fake.click(message_id(shown), button_for(shown, "Broadcast"), user_id=LEARNER_ID)  # wrong
    await fake.wait_until(lambda: next((c for c in fake.answers(click) if buttons(c)), None))
    token = await fake.slash("stop", user_id=LEARNER_ID)
    stopped = await fake.wait_until(first_answer(fake, token))
    assert "Want another go at the question you missed?" in stopped.content
    retry = button_for(stopped, RETRY)
    assert re.fullmatch(rf"qt:r:v:[0-9a-f]{{32}}:{LEARNER_ID}", retry)

    click = await fake.click(message_id(stopped), retry, user_id=LEARNER_ID)
    question = await fake.wait_until(lambda: next((c for c in fake.answers(click) if buttons(c)), None))
    assert int(question.response["flags"]) & EPHEMERAL and "Question 1 of 1" in question.content
    assert fake.polls() == []


async def test_a_stop_with_nothing_missed_offers_no_retry(bot: RunningBot, fake: FakeDiscord) -> None:
    await fake.slash("quiz", {"quiz": "collectives"})
    await next_poll(fake, bot)
    token = await fake.slash("stop")
    stopped = await fake.wait_until(first_answer(fake, token))
    assert stopped.content == "Quiz stopped: Collectives. Your answers so far are saved." and not buttons(stopped)


async def test_a_retry_pressed_where_polls_are_refused_is_played_privately(bot: RunningBot,
                                                                           fake: FakeDiscord) -> None:
    """Before, it was refused with "play privately with /quiz private:True", which found no quiz in progress: no
    command starts a retry, so the missed questions were out of reach from there."""
    await fake.slash("quiz", {"quiz": "collectives"})
    poll = await next_poll(fake, bot)
    mark = len(fake.calls)
    await vote_for(fake, poll, "Broadcast", OWNER_ID)  # wrong
    await next_poll(fake, bot, after=mark)
    token = await fake.slash("stop", permissions=WITHOUT_POLLS)  # sent where the bot may post no polls
    stopped = await fake.wait_until(first_answer(fake, token))

    mark = len(fake.calls)
    click = await fake.click(message_id(stopped), button_for(stopped, RETRY), permissions=WITHOUT_POLLS)
    question = await fake.wait_until(lambda: next((c for c in fake.answers(click) if buttons(c)), None))
    assert int(question.response["flags"]) & EPHEMERAL and "Question 1 of 1" in question.content
    assert "Which collective leaves the sum" in question.content
    await fake.quiet()
    assert fake.polls(after=mark) == [] and not any("Create Polls" in c.content for c in fake.answers(click))
