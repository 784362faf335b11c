"""/stop while the open question's time has run out but no sweep has come by yet, then a retry: played as the quiz
was, as polls in the channel."""

from __future__ import annotations

from datetime import timedelta

from adapters.settings import Settings
from tests.discord.fake_discord import FakeDiscord
from tests.discord.harness import running_bot
from tests.discord.payloads import OWNER_ID
from tests.discord.support import buttons, first_answer, next_poll, poll_question, vote_for
from tests.fakes.clock import FixedClock

LIMIT = 30


async def test_a_typed_retry_after_a_stop_that_timed_out_the_open_poll_is_posted_as_polls(
        settings: Settings, fake: FakeDiscord, clock: FixedClock) -> None:
    """Before: /retry (no private: given, so played as the quiz was) showed the missed questions on private
    buttons, the stop's time-out having moved the quiz on to a question no poll asked."""
    timed = settings.model_copy(update={"question_seconds": LIMIT})
    async with running_bot(timed, fake, clock, sweep_interval=3600) as bot:
        await fake.slash("quiz", {"quiz": "collectives"})
        first = await next_poll(fake, bot)
        mark = len(fake.calls)
        await vote_for(fake, first, "Broadcast", OWNER_ID)  # wrong
        await next_poll(fake, bot, after=mark)
        clock.advance(timedelta(seconds=LIMIT))
        await fake.wait_until(first_answer(fake, await fake.slash("stop")))

        mark = len(fake.calls)
        token = await fake.slash("retry")
        again = await next_poll(fake, bot, after=mark)
        assert poll_question(again).startswith("1/2 · ")
        assert not any(buttons(call) for call in fake.answers(token))
