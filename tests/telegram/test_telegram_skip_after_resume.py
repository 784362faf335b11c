"""A /skip sent right after /quiz resumed the quiz (both in one batch of updates: typed while the bot was down, or
before its reply came), the resume asking the open question again in a new poll: the learner had seen that question
on its first poll, and the /skip was meant for it. It was compared with the new poll, sent after it, and told "That
question is no longer open."."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from adapters.settings import Settings
from tests.fakes.clock import FixedClock
from tests.telegram.telegram_fake_api import FakeBotApi
from tests.telegram.telegram_harness import JUMA, next_poll, running_bot


async def test_a_skip_sent_with_the_resume_skips_the_question_seen_before(api: FakeBotApi, settings: Settings) -> None:
    clock = FixedClock(datetime.now(UTC))
    async with running_bot(settings, clock):
        await api.command(JUMA, "/quiz collectives")
        await next_poll(api, JUMA.id, 1)
        await api.settle()
        clock.advance(timedelta(minutes=5))  # back later: resuming asks the question again
        await api.commands(JUMA, "/quiz collectives", "/skip")
        await api.wait_for("sendMessage", 1, lambda p: "skipped" in p["text"] or "no longer open" in p["text"])
        await api.settle()
        said = [call.params["text"] for call in api.calls("sendMessage")]
        assert "Question 1 skipped." in said and "That question is no longer open." not in said, said
        assert [poll.params["question"][:3] for poll in api.polls(JUMA.id)] == ["1/3", "1/3", "2/3"]
