"""A poll left asking nothing by a /skip or by another quiz started in the channel is ended before the next poll
goes up. Discord posts a poll's results as a message of its own when it ends: ended after, those of the question
left behind came under the new question, as if they answered it."""

from __future__ import annotations

from tests.discord.fake_discord import FakeDiscord
from tests.discord.harness import LEARNER_ID, RunningBot
from tests.discord.support import message_id, next_poll


def ended_before_posted(fake: FakeDiscord, ended: int, posted: int) -> bool:
    """Whether ``ended``'s poll was ended once, before ``posted``'s poll went up."""
    paths = [call.path for call in fake.calls if call.status == 200]
    ends = [index for index, path in enumerate(paths) if path.endswith(f"/polls/{ended}/expire")]
    sent = next(index for index, call in enumerate(c for c in fake.calls if c.status == 200)
                if call.response and call.response.get("id") == str(posted))
    return len(ends) == 1 and ends[0] < sent


async def test_a_skipped_questions_poll_ends_before_the_next_one_is_posted(bot: RunningBot, fake: FakeDiscord) -> None:
    await fake.slash("quiz", {"quiz": "collectives"}, user_id=LEARNER_ID)
    skipped = await next_poll(fake, bot)
    mark = len(fake.calls)
    await fake.slash("skip", user_id=LEARNER_ID)
    following = await next_poll(fake, bot, after=mark)
    await fake.quiet()
    assert fake.ended_polls(mark) == [message_id(skipped)]
    assert ended_before_posted(fake, message_id(skipped), message_id(following)), fake.describe()


async def test_a_quiz_left_for_another_ends_its_poll_before_the_new_quizs_first(bot: RunningBot,
                                                                                 fake: FakeDiscord) -> None:
    await fake.slash("quiz", {"quiz": "collectives"}, user_id=LEARNER_ID)
    left = await next_poll(fake, bot)
    mark = len(fake.calls)
    await fake.slash("quiz", {"quiz": "long-options"}, user_id=LEARNER_ID)
    first = await next_poll(fake, bot, after=mark)
    await fake.quiet()
    assert fake.ended_polls(mark) == [message_id(left)]
    assert ended_before_posted(fake, message_id(left), message_id(first)), fake.describe()


async def test_a_language_chosen_mid_question_ends_the_old_poll_before_asking_it_again(bot: RunningBot,
                                                                                       fake: FakeDiscord) -> None:
    await fake.slash("quiz", {"quiz": "collectives"}, user_id=LEARNER_ID)
    old = await next_poll(fake, bot)
    mark = len(fake.calls)
    await fake.slash("language", {"language": "yo"}, user_id=LEARNER_ID)
    again = await next_poll(fake, bot, after=mark)
    await fake.quiet()
    assert fake.ended_polls(mark) == [message_id(old)]
    assert ended_before_posted(fake, message_id(old), message_id(again)), fake.describe()


async def test_a_quiz_resumed_in_the_channel_ends_its_old_poll_before_asking_again(bot: RunningBot,
                                                                                   fake: FakeDiscord) -> None:
    await fake.slash("quiz", {"quiz": "collectives"}, user_id=LEARNER_ID)
    old = await next_poll(fake, bot)
    mark = len(fake.calls)
    await fake.slash("quiz", {"quiz": "collectives"}, user_id=LEARNER_ID)
    again = await next_poll(fake, bot, after=mark)
    await fake.quiet()
    assert fake.ended_polls(mark) == [message_id(old)]
    assert ended_before_posted(fake, message_id(old), message_id(again)), fake.describe()
