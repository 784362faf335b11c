"""A /skip sent right after /quiz resumed the quiz (both in one gateway batch, the question not yet asked again):
the learner had seen the open question where it was first asked, and the /skip was meant for it. It was compared with
the message asking it again, sent after the /skip, and told "That question is no longer open."."""

from __future__ import annotations

from typing import Any

from adapters.settings import Settings
from tests.discord.fake_discord import FakeDiscord
from tests.discord.harness import LEARNER_ID, RunningBot
from tests.discord.payloads import EPHEMERAL
from tests.discord.support import buttons, first_answer, next_poll, poll_question
from tests.support.write_lock import writes_held


async def _skip_as_resumed(fake: FakeDiscord, settings: Settings, resume: dict[str, Any]) -> str:
    """/quiz ``resume`` then /skip, the skip sent while the resume waits for the database; the skip's token."""
    async with writes_held(settings):  # the resume waits for the database, its "thinking…" shown
        resumed = await fake.slash("quiz", resume, user_id=LEARNER_ID)
        await fake.wait_until(lambda: fake.interaction_calls(resumed))
        skip = await fake.slash("skip", user_id=LEARNER_ID)  # waits for the resume's turn
        await fake.wait_until(lambda: fake.interaction_calls(skip))
    await fake.wait_until(first_answer(fake, skip))
    await fake.quiet()
    return skip


async def test_a_skip_sent_as_a_poll_quiz_is_resumed_skips_the_question_seen_before(
        bot: RunningBot, fake: FakeDiscord, settings: Settings) -> None:
    await fake.slash("quiz", {"quiz": "collectives"}, user_id=LEARNER_ID)
    await next_poll(fake, bot)  # question 1, seen
    mark = len(fake.calls)
    skip = await _skip_as_resumed(fake, settings, {"quiz": "collectives"})
    assert [c.content for c in fake.answers(skip)] == ["Question 1 skipped."]
    assert [poll_question(c)[:5] for c in fake.polls(after=mark)] == ["1/3 ·", "2/3 ·"]


async def test_a_skip_sent_as_a_poll_quiz_goes_on_privately_skips_the_question_and_stays_private(
        bot: RunningBot, fake: FakeDiscord, settings: Settings) -> None:
    """The old poll is taken away only once the private question is shown: the skip doesn't take it for the way the
    question is asked, and the next question comes privately, not as a poll in the channel."""
    await fake.slash("quiz", {"quiz": "collectives"}, user_id=LEARNER_ID)
    await next_poll(fake, bot)
    mark = len(fake.calls)
    skip = await _skip_as_resumed(fake, settings, {"private": True})
    said = fake.answers(skip)
    assert said[0].content == "Question 1 skipped." and said[1].flags & EPHEMERAL, [c.content for c in said]
    assert "Which collective rebuilds a full tensor" in said[1].content
    assert fake.polls(after=mark) == []


async def test_a_skip_sent_as_a_private_quiz_is_resumed_skips_the_question_seen_before(
        bot: RunningBot, fake: FakeDiscord, settings: Settings) -> None:
    started = await fake.slash("quiz", {"quiz": "collectives", "private": True}, user_id=LEARNER_ID)
    await fake.wait_until(lambda: next((c for c in fake.answers(started) if buttons(c)), None))  # question 1, seen
    skip = await _skip_as_resumed(fake, settings, {"private": True})
    said = [c.content for c in fake.answers(skip)]
    assert said[0] == "Question 1 skipped." and "Which collective rebuilds a full tensor" in said[1], said
