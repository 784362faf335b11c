"""/skip tapped twice quickly in a quiz played privately (buttons only the learner sees) skips the question on
screen once: the second /skip, sent before the next question appeared, was meant for the same one. Before, a
private question left no message for the engine to compare the command with (a poll's link does, for polls), so
the second /skip skipped the next question too, one the learner never saw."""

from __future__ import annotations

from tests.discord.fake_discord import FakeDiscord
from tests.discord.harness import LEARNER_ID, RunningBot
from tests.discord.support import buttons

NOT_OPEN = "That question is no longer open."


async def test_a_private_skip_sent_twice_before_the_next_question_skips_one(bot: RunningBot, fake: FakeDiscord) -> None:
    started = await fake.slash("quiz", {"quiz": "collectives", "private": True}, user_id=LEARNER_ID)
    await fake.wait_until(lambda: next((c for c in fake.answers(started) if buttons(c)), None))

    skips = [await fake.slash("skip", {"private": True}, user_id=LEARNER_ID) for _tap in range(2)]  # two taps
    await fake.wait_until(lambda: all(fake.answers(token) for token in skips))
    await fake.quiet()
    said = sorted(([c.content for c in fake.answers(token)] for token in skips), key=len)
    # Whichever came first skipped the first question; the other, sent before the next appeared, skips nothing.
    # Before: "Question 2 skipped." and the third question, privately.
    assert said[0] == [NOT_OPEN], said
    assert said[1][0] == "Question 1 skipped." and "Which collective rebuilds a full tensor" in said[1][1], said
    assert fake.polls() == []

    # Sent once that question is on screen, a /skip skips it.
    third = await fake.slash("skip", {"private": True}, user_id=LEARNER_ID)
    shown = await fake.wait_until(lambda: next((c for c in fake.answers(third) if buttons(c)), None))
    assert fake.answers(third)[0].content == "Question 2 skipped."
    assert "Which link usually carries tensor-parallel traffic" in shown.content
