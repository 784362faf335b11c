"""A poll left asking nothing by a command answered privately (/skip private:True, another quiz started privately)
is ended before the private reply shows. Discord posts a poll's results as a message of
its own when it ends, in the channel the learner reads their private replies in: ended after, the results of the
question left behind came under the private question that follows, as if they answered it."""

from __future__ import annotations

import pytest

from tests.discord.fake_discord import FakeDiscord
from tests.discord.harness import LEARNER_ID, RunningBot
from tests.discord.support import buttons, message_id, next_poll

LEAVING = {
    "skip": ("skip", {"private": True}),
    "another quiz": ("quiz", {"quiz": "long-options", "private": True}),
}


@pytest.mark.parametrize("leaving", LEAVING.values(), ids=LEAVING.keys())
async def test_the_poll_left_behind_ends_before_the_private_reply_shows(
        bot: RunningBot, fake: FakeDiscord, leaving: tuple[str, dict[str, object]]) -> None:
    command, options = leaving
    await fake.slash("quiz", {"quiz": "collectives"}, user_id=LEARNER_ID)
    left = await next_poll(fake, bot)
    mark = len(fake.calls)
    token = await fake.slash(command, options, user_id=LEARNER_ID)
    await fake.wait_until(lambda: any(buttons(call) for call in fake.interaction_calls(token)))  # the question
    await fake.quiet()
    assert fake.ended_polls(mark) == [message_id(left)]
    calls = fake.calls[mark:]
    ended = next(index for index, call in enumerate(calls) if call.path.endswith(f"/polls/{message_id(left)}/expire"))
    shown = next(index for index, call in enumerate(calls)
                 if token in call.path and isinstance(call.body, dict) and call.body.get("content"))
    assert ended < shown, fake.describe()
