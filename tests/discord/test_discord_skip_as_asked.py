"""/skip without private:... carries the quiz on the way its open question was asked: a learner playing privately
(buttons only they see) gets the next question privately, not as a poll the whole channel sees; a question asked by a
poll is followed by a poll. An explicit private:True or private:False still decides."""

from __future__ import annotations

from tests.discord.fake_discord import FakeDiscord
from tests.discord.harness import LEARNER_ID, RunningBot
from tests.discord.payloads import EPHEMERAL, WITHOUT_POLLS
from tests.discord.support import buttons, message_id, next_poll, poll_question


async def test_skip_in_a_private_quiz_shows_the_next_question_privately(bot: RunningBot, fake: FakeDiscord) -> None:
    started = await fake.slash("quiz", {"quiz": "collectives", "private": True}, user_id=LEARNER_ID)
    await fake.wait_until(lambda: next((c for c in fake.answers(started) if buttons(c)), None))

    skipped = await fake.slash("skip", user_id=LEARNER_ID)
    second = await fake.wait_until(lambda: next((c for c in fake.answers(skipped) if buttons(c)), None))
    assert second.flags & EPHEMERAL and "Which collective rebuilds a full tensor" in second.content
    await fake.quiet(0.2)
    assert fake.polls() == [], [poll_question(c) for c in fake.polls()]  # nothing the channel sees


async def test_skip_after_resuming_privately_stays_private(bot: RunningBot, fake: FakeDiscord) -> None:
    await fake.slash("quiz", {"quiz": "collectives"}, user_id=LEARNER_ID)
    poll = await next_poll(fake, bot)
    resumed = await fake.slash("quiz", {"private": True}, user_id=LEARNER_ID)
    await fake.wait_until(lambda: next((c for c in fake.answers(resumed) if buttons(c)), None))
    await fake.wait_until(lambda: message_id(poll) in fake.ended_polls())  # its poll asks it no more

    mark = len(fake.calls)
    skipped = await fake.slash("skip", user_id=LEARNER_ID)
    second = await fake.wait_until(lambda: next((c for c in fake.answers(skipped) if buttons(c)), None))
    assert second.flags & EPHEMERAL and "Which collective rebuilds a full tensor" in second.content
    await fake.quiet(0.2)
    assert fake.polls(after=mark) == []


async def test_skip_private_false_in_a_private_quiz_asks_the_next_question_as_a_poll(
        bot: RunningBot, fake: FakeDiscord) -> None:
    started = await fake.slash("quiz", {"quiz": "collectives", "private": True}, user_id=LEARNER_ID)
    await fake.wait_until(lambda: next((c for c in fake.answers(started) if buttons(c)), None))

    await fake.slash("skip", {"private": False}, user_id=LEARNER_ID)
    second = await next_poll(fake, bot)
    assert poll_question(second).startswith("2/3 ·")


async def test_skip_of_a_poll_where_polls_are_now_refused_goes_on_privately(bot: RunningBot, fake: FakeDiscord) -> None:
    """Create Polls taken away since the question's poll: the skip is not refused (nothing else would show the
    next question here), the next question comes with private buttons."""
    await fake.slash("quiz", {"quiz": "collectives"}, user_id=LEARNER_ID)
    first = await next_poll(fake, bot)
    mark = len(fake.calls)
    skipped = await fake.slash("skip", user_id=LEARNER_ID, permissions=WITHOUT_POLLS)
    second = await fake.wait_until(lambda: next((c for c in fake.answers(skipped) if buttons(c)), None))
    assert second.flags & EPHEMERAL and "Which collective rebuilds a full tensor" in second.content
    await fake.wait_until(lambda: message_id(first) in fake.ended_polls(mark))  # no vote counts on it now
    assert fake.polls(after=mark) == []


async def test_skip_with_no_quiz_says_so_once_above_the_list_to_choose_from(
        bot: RunningBot, fake: FakeDiscord) -> None:
    """Not "Send /quizzes to choose a quiz..." over the very list /quizzes shows, each quiz with its button."""
    fr = bot.engine.localizer_for("fr")
    skipped = await fake.slash("skip", user_id=LEARNER_ID, locale="fr")
    said = await fake.wait_until(lambda: next((c for c in fake.answers(skipped) if buttons(c)), None))
    refusal, listing = said.content.split("\n\n", 1)
    assert refusal == fr("You have no quiz in progress."), said.content
    assert listing.startswith(f"**{fr('Available quizzes:')}**")
