"""/retry without private: plays the missed questions as the learner's last quiz was played, as /skip without it
follows how the open question was asked: a learner who played privately (buttons only they see) gets the retry
privately, not as polls the whole channel sees; a quiz played as polls is retried as polls. An explicit private:
still decides."""

from __future__ import annotations

from pathlib import Path

from tests.discord.fake_discord import FakeDiscord
from tests.discord.harness import ADMIN_ID, LEARNER_ID, RunningBot
from tests.discord.payloads import EPHEMERAL
from tests.discord.support import button_for, buttons, first_answer, message_id, next_poll, poll_question, vote_for
from tests.discord.test_discord_retry import next_with_buttons
from tests.support.content import remove_question

MISSED = "Which collective leaves the sum of all gradients on every rank?"


async def play_privately_missing_the_first(fake: FakeDiscord) -> None:
    started = await fake.slash("quiz", {"quiz": "collectives", "private": True}, user_id=LEARNER_ID)
    shown = await fake.wait_until(lambda: next((c for c in fake.answers(started) if buttons(c)), None))
    for answer in ("Broadcast", "All-gather", "NVLink"):  # only the first one wrong
        click = await fake.click(message_id(shown), button_for(shown, answer), user_id=LEARNER_ID)
        shown = await next_with_buttons(fake, click)


async def test_retry_after_a_private_quiz_plays_privately(bot: RunningBot, fake: FakeDiscord) -> None:
    await play_privately_missing_the_first(fake)
    retried = await fake.slash("retry", user_id=LEARNER_ID)
    question = await fake.wait_until(lambda: next((c for c in fake.answers(retried) if buttons(c)), None))
    await fake.quiet()
    assert fake.polls() == [], [poll_question(c) for c in fake.polls()]  # before: "1/1 · Which collective..."
    assert int(question.response["flags"]) & EPHEMERAL and MISSED in question.content


async def test_retry_after_a_private_quiz_stopped_plays_privately(bot: RunningBot, fake: FakeDiscord) -> None:
    started = await fake.slash("quiz", {"quiz": "collectives", "private": True}, user_id=LEARNER_ID)
    shown = await fake.wait_until(lambda: next((c for c in fake.answers(started) if buttons(c)), None))
    click = await fake.click(message_id(shown), button_for(shown, "Broadcast"), user_id=LEARNER_ID)  # wrong
    await next_with_buttons(fake, click)
    stopped = await fake.slash("stop", user_id=LEARNER_ID)
    await fake.wait_until(first_answer(fake, stopped))
    retried = await fake.slash("retry", user_id=LEARNER_ID)
    question = await fake.wait_until(lambda: next((c for c in fake.answers(retried) if buttons(c)), None))
    await fake.quiet()
    assert fake.polls() == [] and int(question.response["flags"]) & EPHEMERAL and MISSED in question.content


async def test_retry_after_a_quiz_played_as_polls_posts_polls(bot: RunningBot, fake: FakeDiscord) -> None:
    await fake.slash("quiz", {"quiz": "collectives"}, user_id=LEARNER_ID)
    poll = await next_poll(fake, bot)
    for answer in ("Broadcast", "All-gather", "NVLink"):
        mark = len(fake.calls)
        await vote_for(fake, poll, answer, LEARNER_ID)
        if answer != "NVLink":
            poll = await next_poll(fake, bot, after=mark)
    await fake.quiet()
    mark = len(fake.calls)
    await fake.slash("retry", user_id=LEARNER_ID)
    again = await next_poll(fake, bot, after=mark)
    assert poll_question(again) == f"1/1 · {MISSED}"


async def test_retry_private_false_after_a_private_quiz_posts_polls(bot: RunningBot, fake: FakeDiscord) -> None:
    await play_privately_missing_the_first(fake)
    mark = len(fake.calls)
    await fake.slash("retry", {"private": False}, user_id=LEARNER_ID)
    again = await next_poll(fake, bot, after=mark)
    assert poll_question(again) == f"1/1 · {MISSED}"


async def test_retry_after_a_quiz_played_as_polls_whose_last_question_a_reload_removed_posts_polls(
        bot: RunningBot, fake: FakeDiscord, content_dir: Path) -> None:
    """The quiz ended on the question before its last, which a reload removed meanwhile (passed over, never asked):
    the retry was played privately, its last question having no poll."""
    await fake.slash("quiz", {"quiz": "collectives"}, user_id=LEARNER_ID)
    poll = await next_poll(fake, bot)
    mark = len(fake.calls)
    await vote_for(fake, poll, "Broadcast", LEARNER_ID)  # wrong
    poll = await next_poll(fake, bot, after=mark)
    remove_question(content_dir, "english-only")
    reloaded = await fake.slash("reload", user_id=ADMIN_ID)
    assert "Content reloaded" in (await fake.wait_until(first_answer(fake, reloaded))).content
    await vote_for(fake, poll, "All-gather", LEARNER_ID)  # right: the quiz is over
    await fake.quiet()
    mark = len(fake.calls)
    await fake.slash("retry", user_id=LEARNER_ID)
    again = await next_poll(fake, bot, after=mark)
    assert poll_question(again) == f"1/1 · {MISSED}"
