"""The updates Telegram kept through an outage, handled when the bot comes back: a learner who got no answer
typed the same thing again and again; they hear it answered once, not once for each try."""

from __future__ import annotations

from datetime import timedelta

from adapters.settings import Settings
from tests.fakes.clock import FixedClock
from tests.telegram.telegram_fake_api import FakeBotApi, FakeChat, FakeUser
from tests.telegram.telegram_harness import GROUP, next_poll, running_bot

ADA = FakeUser(311, "Ada", "en")
BEN = FakeUser(312, "Ben", "en")
HELP = "I ask quiz questions as polls"


async def test_the_same_message_typed_again_and_again_while_the_bot_was_away_is_answered_once(
        api: FakeBotApi, settings: Settings, clock: FixedClock) -> None:
    """Before: three "Carrying on" messages and three new polls of the same question (each taking the last away),
    two help texts and two hints, for what Ada asked once, three times over."""
    async with running_bot(settings, clock):
        await api.command(ADA, "/quiz collectives")
        await next_poll(api, ADA.id, 1)
    await api.commands(ADA, "/quiz collectives", "/quiz collectives", "/quiz collectives", "/help", "/help",
                       "hello?", "hello?")
    clock.advance(timedelta(hours=5))
    async with running_bot(settings, clock):
        await next_poll(api, ADA.id, 2)
        await api.settle(quiet=0.5)
    texts = api.sent_texts(ADA.id)
    assert len(api.polls(ADA.id)) == 2, texts  # question 1 shown again, once
    assert sum(HELP in text for text in texts) == 1, texts
    assert sum("tap an option" in text for text in texts) == 1, texts


async def test_a_repeat_is_another_learners_or_after_something_else_is_still_answered(
        api: FakeBotApi, settings: Settings, clock: FixedClock) -> None:
    """What is not a repeat: the same words from someone else, in another chat, or after another message."""
    async with running_bot(settings, clock):
        pass
    await api.commands(ADA, "/help", "/quizzes", "/help")
    await api.command(BEN, "/help")
    await api.command(ADA, "/help", FakeChat.private(BEN))  # not a chat Ada could write to, but another chat
    await api.command(ADA, "/help", GROUP)
    async with running_bot(settings, clock):
        await api.wait_for("sendMessage", 5, lambda params: HELP in params.get("text", ""))
        await api.settle(quiet=0.5)
    assert sum(HELP in text for text in api.sent_texts(ADA.id)) == 2
    assert sum(HELP in text for text in api.sent_texts(BEN.id)) == 2
