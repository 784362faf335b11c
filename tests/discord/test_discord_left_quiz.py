"""A vote or a click that still reaches a quiz the learner left for another: back in that quiz, with the poll of
the quiz played until then ended, as a switch by /quiz ends it (two open polls otherwise)."""

from __future__ import annotations

from tests.discord.fake_discord import FakeDiscord
from tests.discord.harness import RunningBot
from tests.discord.payloads import CHANNEL_ID, OWNER_ID
from tests.discord.support import button_for, buttons, message_id, next_poll, reply_to, vote_for


async def test_a_vote_on_the_left_quizs_poll_goes_back_to_it_and_ends_the_other_quizs_poll(
        bot: RunningBot, fake: FakeDiscord) -> None:
    await fake.slash("quiz", {"quiz": "collectives"})
    left = await next_poll(fake, bot)
    mark = len(fake.calls)
    await fake.slash("quiz", {"quiz": "long-options"})
    playing = await next_poll(fake, bot, after=mark)
    await fake.wait_until(lambda: fake.ended_polls(after=mark) == [message_id(left)])

    mark = len(fake.calls)
    await vote_for(fake, left, "All-reduce", OWNER_ID, in_flight=True)  # cast as the learner switched
    back = await next_poll(fake, bot, after=mark)
    assert back.body["poll"]["question"]["text"].startswith("2/3 ")
    await reply_to(fake, left, after=mark)
    said = [reply.content for reply in fake.replies_to(message_id(left), after=mark)]
    assert said[0] == f"<@{OWNER_ID}> Welcome back! Carrying on with Collectives." and "✅" in said[1]
    await fake.wait_until(lambda: message_id(playing) in fake.ended_polls(after=mark))
    await fake.quiet()
    assert fake.ended_polls(after=mark) == [message_id(left), message_id(playing)]  # the one voted on, the other


async def test_a_vote_back_in_the_left_quiz_ends_the_other_quizs_poll_even_when_its_next_poll_is_refused(
        bot: RunningBot, fake: FakeDiscord) -> None:
    """The switch back is kept before its next poll goes out: if the channel refuses it (Create Polls revoked), the
    learner is told so, and the quiz left behind must still not stay open to votes that switch them back."""
    await fake.slash("quiz", {"quiz": "collectives"})
    left = await next_poll(fake, bot)
    mark = len(fake.calls)
    await fake.slash("quiz", {"quiz": "long-options"})
    playing = await next_poll(fake, bot, after=mark)
    await fake.wait_until(lambda: fake.ended_polls(after=mark) == [message_id(left)])

    fake.poll_refusing_channels.add(CHANNEL_ID)
    mark = len(fake.calls)
    await vote_for(fake, left, "All-reduce", OWNER_ID, in_flight=True)
    await fake.wait_until(lambda: any("“Create Polls”" in c.content for c in fake.channel_messages(after=mark)))
    await fake.wait_until(lambda: message_id(playing) in fake.ended_polls(after=mark))
    await fake.quiet()
    assert fake.ended_polls(after=mark) == [message_id(left), message_id(playing)]


async def test_a_click_on_the_left_quizs_private_buttons_ends_the_poll_of_the_quiz_played_since(
        bot: RunningBot, fake: FakeDiscord) -> None:
    started = await fake.slash("quiz", {"quiz": "collectives", "private": True})
    question = await fake.wait_until(lambda: next((c for c in fake.answers(started) if buttons(c)), None))
    mark = len(fake.calls)
    await fake.slash("quiz", {"quiz": "long-options"})
    playing = await next_poll(fake, bot, after=mark)

    mark = len(fake.calls)
    click = await fake.click(int(question.response["id"]), button_for(question, "All-reduce"))
    await fake.wait_until(lambda: next((c for c in fake.interaction_calls(click)
                                        if buttons(c) and c.method == "POST"), None))  # its next question
    await fake.wait_until(lambda: fake.ended_polls(after=mark) == [message_id(playing)])
