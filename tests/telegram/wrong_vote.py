"""Aminata's first vote in the collectives quiz, on broadcast (a wrong option): the message the bot follows it with."""

from __future__ import annotations

from tests.telegram.telegram_fake_api import FakeBotApi
from tests.telegram.telegram_harness import AMINATA, next_poll, options, poll_id


async def follow_up_to_broadcast(api: FakeBotApi) -> str:
    """Starts the quiz, votes broadcast on question 1 and returns what the bot sent after the vote, before its
    question 2 (the follow-up: why not, then the explanation). The bot must be running."""
    await api.command(AMINATA, "/quiz collectives")
    first = await next_poll(api, AMINATA.id, 1)
    before = len(api.sent_texts(AMINATA.id))
    await api.answer_poll(AMINATA, poll_id(first), [options(first).index("Diffusion (broadcast)")])
    await next_poll(api, AMINATA.id, 2)
    return api.sent_texts(AMINATA.id)[before]
