"""A poll left asking nothing (by a /skip, another quiz started in the channel, a language chosen mid-question, the
quiz resumed) is ended before the next poll goes up. Discord posts a poll's results as a message of its own when it
ends: ended after, those of the question left behind came under the new question, as if they answered it."""

from __future__ import annotations

import pytest

from tests.discord.fake_discord import FakeDiscord
from tests.discord.harness import LEARNER_ID, RunningBot
from tests.discord.support import message_id, next_poll, vote_for


def ended_before_posted(fake: FakeDiscord, ended: int, posted: int) -> bool:
    """Whether ``ended``'s poll was ended once, before ``posted``'s poll went up."""
    paths = [call.path for call in fake.calls if call.status == 200]
    ends = [index for index, path in enumerate(paths) if path.endswith(f"/polls/{ended}/expire")]
    sent = next(index for index, call in enumerate(c for c in fake.calls if c.status == 200)
                if call.response and call.response.get("id") == str(posted))
    return len(ends) == 1 and ends[0] < sent


# What leaves the question's poll asking nothing, and the poll that follows: a /skip (the next question), another
# quiz started (its first), a language chosen mid-question and the same quiz resumed (the question asked again).
LEAVING = {
    "skip": ("skip", {}),
    "another quiz": ("quiz", {"quiz": "long-options"}),
    "language": ("language", {"language": "yo"}),
    "quiz resumed": ("quiz", {"quiz": "collectives"}),
}


@pytest.mark.parametrize("leaving", LEAVING.values(), ids=LEAVING.keys())
async def test_the_poll_left_behind_ends_before_the_next_one_is_posted(
        bot: RunningBot, fake: FakeDiscord, leaving: tuple[str, dict[str, str]]) -> None:
    command, options = leaving
    await fake.slash("quiz", {"quiz": "collectives"}, user_id=LEARNER_ID)
    left = await next_poll(fake, bot)
    mark = len(fake.calls)
    await fake.slash(command, options, user_id=LEARNER_ID)
    following = await next_poll(fake, bot, after=mark)
    await fake.quiet()
    assert fake.ended_polls(mark) == [message_id(left)]
    assert ended_before_posted(fake, message_id(left), message_id(following)), fake.describe()


async def test_a_vote_back_in_a_left_quiz_ends_the_other_quizs_poll_before_its_next_question(
        bot: RunningBot, fake: FakeDiscord) -> None:
    """A vote on the left quiz's poll (in flight while the learner started another) takes them back to it: the
    other quiz's poll, asking nothing now, ended after, had its results come under the left quiz's next question."""
    await fake.slash("quiz", {"quiz": "collectives"}, user_id=LEARNER_ID)
    left = await next_poll(fake, bot)
    mark = len(fake.calls)
    await fake.slash("quiz", {"quiz": "long-options"}, user_id=LEARNER_ID)
    playing = await next_poll(fake, bot, after=mark)
    await fake.wait_until(lambda: fake.ended_polls(after=mark) == [message_id(left)])

    mark = len(fake.calls)
    await vote_for(fake, left, "All-reduce", LEARNER_ID, in_flight=True)
    back = await next_poll(fake, bot, after=mark)
    await fake.quiet()
    assert back.body["poll"]["question"]["text"].startswith("2/3 ")
    assert ended_before_posted(fake, message_id(playing), message_id(back)), fake.describe()
