"""/language (or the picker under /help) while a quiz poll waits, in a channel that no longer takes the bot's polls
(Create Polls revoked since, or messages held back for minutes): the language is stored, and said so. Where the
bot's rights visibly refuse polls, the question stays on its old poll, whose vote still counts; else that poll was
ended before the new one was sent (its results would come under it), and the learner is told to send /quiz. Before,
the learner read "Sorry, something went wrong" though the language had changed, and the log had a traceback for a
right revoked."""

from __future__ import annotations

import logging

import pytest

from tests.discord.fake_discord import FakeDiscord
from tests.discord.harness import LEARNER_ID, RunningBot
from tests.discord.payloads import CHANNEL_ID, WITHOUT_POLLS
from tests.discord.support import button_for, first_answer, message_id, next_poll, poll_question, reply_to, vote_for

CHOSEN = "From now on I'll speak {name}."
CARRY_ON = "I couldn't post your question again here, and its old poll is closed: send /quiz to carry on."
HELD_BACK = 600.0  # seconds Discord holds the bot's messages back in the channel


async def test_language_chosen_where_polls_are_now_refused_is_said_and_the_old_poll_still_counts(
        bot: RunningBot, fake: FakeDiscord, caplog: pytest.LogCaptureFixture) -> None:
    await fake.slash("quiz", {"quiz": "collectives"}, user_id=LEARNER_ID)
    first = await next_poll(fake, bot)
    fake.poll_refusing_channels.add(CHANNEL_ID)  # an admin takes Create Polls away mid-quiz
    mark = len(fake.calls)
    chosen = await fake.slash("language", {"language": "yo"}, user_id=LEARNER_ID, permissions=WITHOUT_POLLS)
    said = await fake.wait_until(first_answer(fake, chosen))
    assert said.content == bot.engine.localizer_for("yo")(CHOSEN, name="Èdè Yorùbá")
    assert fake.ended_polls(after=mark) == []  # its question is still asked there
    assert not [record for record in caplog.records if record.levelno >= logging.ERROR]

    fake.poll_refusing_channels.discard(CHANNEL_ID)
    mark = len(fake.calls)
    await vote_for(fake, first, "All-reduce", LEARNER_ID)
    assert "✅" in (await reply_to(fake, first, after=mark)).content  # scored, in Yoruba from now on
    assert (await next_poll(fake, bot, after=mark)) is not None


async def test_the_picker_pressed_where_messages_are_held_back_says_the_language_chosen(
        bot: RunningBot, fake: FakeDiscord, caplog: pytest.LogCaptureFixture) -> None:
    await fake.slash("quiz", {"quiz": "collectives"}, user_id=LEARNER_ID)
    await next_poll(fake, bot)
    shown = await fake.wait_until(first_answer(fake, await fake.slash("help", {}, user_id=LEARNER_ID)))
    fake.write_limits.channels[CHANNEL_ID] = HELD_BACK
    press = await fake.click(message_id(shown), button_for(shown, "Èdè Yorùbá"), user_id=LEARNER_ID)
    said = await fake.wait_until(lambda: next((c for c in fake.answers(press) if c.content), None))
    yo = bot.engine.localizer_for("yo")
    assert said.content == yo(CHOSEN, name="Èdè Yorùbá") + "\n" + yo(CARRY_ON)  # its old poll ended first
    assert not [record for record in caplog.records if record.levelno >= logging.ERROR]


async def test_language_chosen_where_the_new_poll_fails_after_the_old_one_ended_says_how_to_carry_on(
        bot: RunningBot, fake: FakeDiscord, caplog: pytest.LogCaptureFixture) -> None:
    """The interaction still shows Create Polls (revoked a moment before): the old poll is ended first, so that its
    results come before the question asked again, and then the new poll is refused. The learner hears that the old
    poll is closed and how to carry on, not that all is well."""
    yo = bot.engine.localizer_for("yo")
    await fake.slash("quiz", {"quiz": "collectives"}, user_id=LEARNER_ID)
    first = await next_poll(fake, bot)
    fake.poll_refusing_channels.add(CHANNEL_ID)
    mark = len(fake.calls)
    chosen = await fake.slash("language", {"language": "yo"}, user_id=LEARNER_ID)
    said = await fake.wait_until(first_answer(fake, chosen))
    assert fake.ended_polls(after=mark) == [message_id(first)]
    assert said.content.startswith(yo(CHOSEN, name="Èdè Yorùbá"))
    assert yo(CARRY_ON) in said.content
    assert not [record for record in caplog.records if record.levelno >= logging.ERROR]

    fake.poll_refusing_channels.discard(CHANNEL_ID)
    mark = len(fake.calls)
    await fake.slash("quiz", {}, user_id=LEARNER_ID)
    again = await next_poll(fake, bot, after=mark)
    assert poll_question(again).startswith("1/3 ")  # the same question, asked again
