"""The retry button under a summary: another go at the missed questions, played as the quiz was."""

from __future__ import annotations

import re

from tests.discord.fake_discord import Call, FakeDiscord
from tests.discord.harness import LEARNER_ID, OTHER_ID, RunningBot
from tests.discord.payloads import EPHEMERAL, OWNER_ID
from tests.discord.support import (
    button_for,
    buttons,
    first_answer,
    message_id,
    next_poll,
    poll_answers,
    poll_question,
    vote_for,
)

RETRY = "Retry the questions I missed"
RETRY_ONE = "Retry the question I missed"  # the button, when one question was missed
MISSED_PROMPTS = ("Which collective leaves the sum of all gradients on every rank?",
                  "Which collective rebuilds a full tensor from one shard per rank?")


async def summary_with_two_missed(fake: FakeDiscord, bot: RunningBot) -> Call:
    """The owner's public summary of the fixture quiz after two wrong answers (each followed by the next poll) and
    a right one: the message that offers the retry."""
    await fake.slash("quiz", {"quiz": "collectives"})
    poll = await next_poll(fake, bot)
    for answer in ("Broadcast", "Reduce-scatter"):
        mark = len(fake.calls)
        await vote_for(fake, poll, answer, OWNER_ID)
        poll = await next_poll(fake, bot, after=mark)
    await vote_for(fake, poll, "NVLink", OWNER_ID)
    return await fake.wait_until(lambda: next((c for c in fake.channel_messages() if "🏁" in c.content), None))


async def next_with_buttons(fake: FakeDiscord, click: str) -> Call:
    """The message with buttons a private click posts next: a question, or the summary."""
    return await fake.wait_until(
        lambda: next((c for c in fake.answers(click) if buttons(c) and c.method == "POST"), None))


async def test_a_public_summary_offers_a_retry_that_posts_the_missed_questions_as_polls_for_the_owner_only(
        bot: RunningBot, fake: FakeDiscord) -> None:
    summary = await summary_with_two_missed(fake, bot)
    assert "Want another go at the 2 questions you missed?" in summary.content
    retry = button_for(summary, RETRY)
    assert re.fullmatch(rf"qt:r:p:[0-9a-f]{{32}}:{OWNER_ID}", retry)

    # A bystander's click: told whose button it is, only them, and nothing is posted in the channel.
    mark = len(fake.calls)
    other = await fake.click(message_id(summary), retry, user_id=OTHER_ID)
    refusal = await fake.wait_until(first_answer(fake, other))
    assert int(refusal.response["flags"]) & EPHEMERAL
    assert refusal.content == f"This button belongs to <@{OWNER_ID}>'s quiz. Start your own with /quiz."
    # A button sent before owners were written into it: the engine still refuses someone else's session.
    old_style = retry.rsplit(":", 1)[0]
    older = await fake.click(message_id(summary), retry, user_id=OTHER_ID, forge=old_style)
    old_refusal = await fake.wait_until(first_answer(fake, older))
    assert old_refusal.content == "This button belongs to someone else's quiz. Start your own with /quiz."
    await fake.quiet()
    assert fake.polls(after=mark) == []

    # The owner's click: the first missed question as a new poll, "1/2", and the intro privately.
    mark = len(fake.calls)
    owner = await fake.click(message_id(summary), retry, user_id=OWNER_ID)
    poll = await next_poll(fake, bot, after=mark)
    label, prompt = poll_question(poll).split(" · ", 1)
    assert label == "1/2" and prompt in MISSED_PROMPTS
    intro = await fake.wait_until(first_answer(fake, owner))
    assert int(intro.response["flags"]) & EPHEMERAL and intro.content == "Another go at the 2 questions you missed."


async def test_a_private_summary_offers_a_retry_that_shows_the_first_missed_question_privately(
        bot: RunningBot, fake: FakeDiscord) -> None:
    started = await fake.slash("quiz", {"quiz": "collectives", "private": True}, user_id=LEARNER_ID)
    shown = await fake.wait_until(lambda: next((c for c in fake.answers(started) if buttons(c)), None))
    for answer in ("Broadcast", "All-gather", "NVLink"):  # only the first one wrong
        click = await fake.click(message_id(shown), button_for(shown, answer), user_id=LEARNER_ID)
        shown = await next_with_buttons(fake, click)
    assert "🏁" in shown.content and shown.flags & EPHEMERAL
    assert "Want another go at the question you missed?" in shown.content
    retry = button_for(shown, RETRY_ONE)
    assert re.fullmatch(rf"qt:r:v:[0-9a-f]{{32}}:{LEARNER_ID}", retry)

    click = await fake.click(message_id(shown), retry, user_id=LEARNER_ID)
    question = await fake.wait_until(lambda: next((c for c in fake.answers(click) if buttons(c)), None))
    assert fake.interaction_calls(click)[0].body == {"type": 5, "data": {"flags": EPHEMERAL}}  # as /quiz does
    assert int(question.response["flags"]) & EPHEMERAL
    assert "Another go at the question you missed." in question.content
    assert "Question 1 of 1" in question.content and MISSED_PROMPTS[0] in question.content
    assert sorted(b["label"] for b in buttons(question)) == ["All-reduce", "Broadcast", "Scatter"]
    assert fake.polls() == []  # nothing public


async def test_a_second_tap_on_the_same_retry_asks_nothing_again_and_says_so_only_to_the_learner(
        bot: RunningBot, fake: FakeDiscord) -> None:
    await fake.slash("quiz", {"quiz": "collectives"}, locale="fr", guild_locale="fr")
    poll = await next_poll(fake, bot)
    for answer in ("Diffusion (broadcast)", "Reduce-scatter (réduction dispersée)"):  # two wrong answers
        mark = len(fake.calls)
        await vote_for(fake, poll, answer, OWNER_ID)
        poll = await next_poll(fake, bot, after=mark)
    await vote_for(fake, poll, "NVLink", OWNER_ID)
    summary = await fake.wait_until(lambda: next((c for c in fake.channel_messages() if "🏁" in c.content), None))
    retry = next(button["custom_id"] for button in buttons(summary) if button["custom_id"].startswith("qt:r:"))
    mark = len(fake.calls)
    await fake.click(message_id(summary), retry, locale="fr")
    asked = await next_poll(fake, bot, after=mark)

    mark = len(fake.calls)
    again = await fake.click(message_id(summary), retry, locale="fr")  # a double tap
    told = await fake.wait_until(first_answer(fake, again))
    fr = bot.engine.localizer_for("fr")
    assert told.content == fr("Your retry has already started: answer its question above, or send /quiz to see it "
                              "again.") != "Your retry has already started: answer its question above, or send " \
                                           "/quiz to see it again."
    assert int(told.response["flags"]) & EPHEMERAL
    await fake.quiet()
    assert fake.polls(after=mark) == [] and fake.ended_polls(after=mark) == []  # the poll asked stays the one

    mark = len(fake.calls)
    await vote_for(fake, asked, poll_answers(asked)[0], OWNER_ID)  # and a vote on it counts
    await fake.wait_until(lambda: fake.replies_to(message_id(asked), after=mark))
