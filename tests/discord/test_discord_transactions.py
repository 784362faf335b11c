"""What a Discord vote costs the database, counted through the storage layer."""

from __future__ import annotations

from tests.discord.fake_discord import FakeDiscord
from tests.discord.harness import RunningBot
from tests.discord.payloads import OWNER_ID
from tests.discord.support import message_id, next_poll, reply_to, vote_for


async def test_a_vote_costs_at_most_two_transactions_with_the_next_polls_link(bot: RunningBot,
                                                                             fake: FakeDiscord) -> None:
    await fake.slash("quiz", {"quiz": "collectives"})
    poll = await next_poll(fake, bot)
    await fake.quiet()
    mark = len(fake.calls)
    assert bot.transactions is not None
    with bot.transactions.counting() as began:
        await vote_for(fake, poll, "All-reduce", OWNER_ID)
        await reply_to(fake, poll, after=mark)
        second = await fake.wait_until(lambda: next(iter(fake.polls(after=mark)), None))
        await fake.quiet()
    assert began() == 2  # the vote (scoring and what comes next), then the next poll's link
    assert await bot.engine.message_link("discord", str(message_id(second))) is not None
