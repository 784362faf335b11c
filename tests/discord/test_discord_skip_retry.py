"""/skip and /retry for a learner's own quiz on Discord, as Telegram has them: a skipped question counts as skipped
(and its poll is ended, as a timed-out one's is), and /retry plays the questions missed in the last quiz."""

from __future__ import annotations

from tests.discord.fake_discord import FakeDiscord
from tests.discord.harness import LEARNER_ID, RunningBot
from tests.discord.payloads import CHANNEL_ID, EPHEMERAL, OWNER_ID
from tests.discord.support import button_for, buttons, first_answer, message_id, next_poll, poll_question, vote_for

SKIPPED_PROMPT = "Which collective leaves the sum of all gradients on every rank?"


async def test_skip_in_a_channel_ends_the_poll_asks_the_next_and_retry_asks_the_skipped_question_again(
        bot: RunningBot, fake: FakeDiscord) -> None:
    await fake.slash("quiz", {"quiz": "collectives"})
    first = await next_poll(fake, bot)
    assert SKIPPED_PROMPT in poll_question(first)

    mark = len(fake.calls)
    skipped = await fake.slash("skip")
    second = await next_poll(fake, bot, after=mark)
    said = await fake.wait_until(first_answer(fake, skipped))
    assert said.content == "Question 1 skipped."
    assert fake.interaction_calls(skipped)[0].body == {"type": 5, "data": {"flags": 64}}  # only the skipper is told
    assert message_id(first) in fake.ended_polls(mark)  # no vote can be cast on it any more
    assert fake.ended_polls(mark).index(message_id(first)) == 0
    assert poll_question(second).startswith("2/3 ·")

    mark = len(fake.calls)
    await vote_for(fake, second, "All-gather", OWNER_ID)
    third = await next_poll(fake, bot, after=mark)
    mark = len(fake.calls)
    await vote_for(fake, third, "NVLink", OWNER_ID)
    summary = await fake.wait_until(
        lambda: next((c for c in fake.channel_messages(after=mark) if "🏁" in c.content), None))
    assert f"➖ {SKIPPED_PROMPT[:20]}" in summary.content  # skipped: neither right nor wrong

    mark = len(fake.calls)
    retried = await fake.slash("retry")
    again = await next_poll(fake, bot, after=mark)
    assert poll_question(again) == f"1/1 · {SKIPPED_PROMPT}"
    assert await fake.wait_until(first_answer(fake, retried)) is not None


async def test_private_skip_and_retry_answer_with_buttons_in_the_learners_language(
        bot: RunningBot, fake: FakeDiscord) -> None:
    fr = bot.engine.localizer_for("fr")
    started = await fake.slash("quiz", {"quiz": "collectives", "private": True}, user_id=LEARNER_ID, locale="fr")
    first = await fake.wait_until(lambda: next((c for c in fake.answers(started) if buttons(c)), None))

    skipped = await fake.slash("skip", {"private": True}, user_id=LEARNER_ID, locale="fr")
    second = await fake.wait_until(lambda: next((c for c in fake.answers(skipped) if buttons(c)), None))
    assert fr("Question {number} skipped.", number=1) in "\n".join(c.content for c in fake.answers(skipped))
    assert fake.interaction_calls(skipped)[0].body == {"type": 5, "data": {"flags": 64}} and fake.polls() == []
    assert "Quelle collective reconstruit" in second.content  # the second question, in French

    # The skipped question's buttons take no answer now: a polite refusal, nothing scored; not "you already
    # answered" (they never did: its buttons, an earlier interaction's ephemeral message, can't be taken away).
    late = await fake.click(message_id(first), buttons(first)[0]["custom_id"], user_id=LEARNER_ID, locale="fr")
    refusal = await fake.wait_until(first_answer(fake, late))
    assert refusal.flags & EPHEMERAL and not buttons(refusal)
    assert refusal.content == fr("That question is no longer open."), refusal.content

    stopped = await fake.slash("stop", user_id=LEARNER_ID, locale="fr")
    await fake.wait_until(first_answer(fake, stopped))
    retried = await fake.slash("retry", {"private": True}, user_id=LEARNER_ID, locale="fr")
    question = await fake.wait_until(lambda: next((c for c in fake.answers(retried) if buttons(c)), None))
    assert fake.interaction_calls(retried)[0].body == {"type": 5, "data": {"flags": 64}} and fake.polls() == []
    assert button_for(question, "All-reduce (réduction totale)")


async def test_skip_and_retry_with_nothing_to_do_say_so_in_the_learners_language(
        bot: RunningBot, fake: FakeDiscord) -> None:
    fr = bot.engine.localizer_for("fr")
    skipped = await fake.slash("skip", user_id=LEARNER_ID, locale="fr")
    said = await fake.wait_until(first_answer(fake, skipped))
    assert said.content.startswith(fr("You have no quiz in progress."))
    retried = await fake.slash("retry", user_id=LEARNER_ID, locale="fr")
    said = await fake.wait_until(first_answer(fake, retried))
    assert said.content.startswith(fr("There is nothing to retry."))


async def test_a_skip_whose_next_poll_is_refused_says_to_resume_privately_not_to_skip_again(
        bot: RunningBot, fake: FakeDiscord) -> None:
    """The skip is kept; "/skip private:True" would skip the next question too, unseen: /quiz private:True shows it."""
    await fake.slash("quiz", {"quiz": "collectives"})
    await next_poll(fake, bot)
    fake.poll_refusing_channels.add(CHANNEL_ID)  # Create Polls taken away although the rights still look fine
    skipped = await fake.slash("skip")
    told = await fake.wait_until(lambda: next((c for c in fake.answers(skipped) if "private" in c.content), None))
    assert "/quiz private:True" in told.content and "/skip" not in told.content, told.content
    resumed = await fake.slash("quiz", {"private": True})
    question = await fake.wait_until(lambda: next((c for c in fake.answers(resumed) if buttons(c)), None))
    assert "Which collective rebuilds a full tensor" in question.content
