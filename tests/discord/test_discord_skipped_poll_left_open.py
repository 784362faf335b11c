"""A question asked by a poll, skipped with /skip private:True while Discord fails to end that poll (a 503): the poll
stays open to votes. A vote there settles nothing (the question was skipped), and the next question, asked with
private buttons, stays private. Before, the vote was taken for one delivered again after a crash that lost the next
question's poll (no link asks it: private buttons link none) and the next question was posted as a poll in the
channel, so the learner's private quiz went on in public, /skip without private: included."""

from __future__ import annotations

from tests.discord.fake_discord import FakeDiscord
from tests.discord.harness import LEARNER_ID, RunningBot
from tests.discord.payloads import EPHEMERAL
from tests.discord.support import buttons, next_poll, poll_question, vote_for


async def test_a_vote_on_a_skipped_question_s_poll_left_open_does_not_ask_a_private_question_as_a_poll(
        bot: RunningBot, fake: FakeDiscord) -> None:
    """/skip private:True of a question asked by a poll Discord then fails to end: the poll stays open to votes. A
    vote there settles nothing (the question was skipped); the next question, asked privately, stays private."""
    await fake.slash("quiz", {"quiz": "collectives"}, user_id=LEARNER_ID)
    poll = await next_poll(fake, bot)
    fake.unavailable.ends = 2  # the end before the next question, and the one tried again after it
    skipped = await fake.slash("skip", {"private": True}, user_id=LEARNER_ID)
    await fake.wait_until(lambda: next((c for c in fake.answers(skipped) if buttons(c)), None))
    await fake.wait_until(lambda: any(c.status == 503 for c in fake.calls))
    await fake.quiet()

    mark = len(fake.calls)
    await vote_for(fake, poll, "All-reduce", LEARNER_ID)
    await fake.quiet()
    assert fake.polls(after=mark) == [], [poll_question(c) for c in fake.polls(after=mark)]

    mark = len(fake.calls)
    again = await fake.slash("skip", user_id=LEARNER_ID)
    third = await fake.wait_until(lambda: next((c for c in fake.answers(again) if buttons(c)), None))
    assert third.flags & EPHEMERAL and "Which link usually carries" in third.content
    assert fake.polls(after=mark) == []
