"""A vote on a learner's quiz poll whose question they took private since (/quiz private:True: the same question on
buttons only they see, the poll ended): the vote was in flight, or Discord failed to end the poll. It answered the
question, its feedback and the next question went to the channel as a poll, and the private question's buttons were
left answering nothing: the private quiz went on in public. It is told, as a vote on such a poll whose link was lost
is, that the quiz goes on privately and the poll counts for nothing; the private question still waits."""

from __future__ import annotations

from tests.discord.fake_discord import FakeDiscord
from tests.discord.harness import LEARNER_ID, RunningBot
from tests.discord.support import button_for, buttons, message_id, next_poll, poll_question, reply_to, vote_for


async def test_a_vote_on_the_poll_of_a_question_taken_private_since_keeps_the_quiz_private(
        bot: RunningBot, fake: FakeDiscord) -> None:
    await fake.slash("quiz", {"quiz": "collectives"}, user_id=LEARNER_ID)
    poll = await next_poll(fake, bot)
    private = await fake.slash("quiz", {"private": True}, user_id=LEARNER_ID)
    question = await fake.wait_until(lambda: next((c for c in fake.answers(private) if buttons(c)), None))
    await fake.quiet()

    mark = len(fake.calls)
    await vote_for(fake, poll, "All-reduce", LEARNER_ID, in_flight=True)  # cast before /quiz ended the poll
    told = await reply_to(fake, poll, after=mark)
    await fake.quiet()
    assert fake.polls(after=mark) == [], [poll_question(c) for c in fake.polls(after=mark)]
    assert told.content == (f"<@{LEARNER_ID}> Your quiz goes on privately, with buttons only you can see: this poll "
                            "counts for nothing now. Send /quiz private:True to see your question again.")
    assert [c.content for c in fake.replies_to(message_id(poll), after=mark)] == [told.content]  # no feedback

    # The private question still waits, and its buttons answer it.
    click = await fake.click(message_id(question), button_for(question, "All-reduce"), user_id=LEARNER_ID)
    answered = await fake.wait_until(lambda: next((c for c in fake.interaction_calls(click)
                                                   if c.method == "POST" and "Correct" in c.content), None))
    assert "✅" in answered.content
