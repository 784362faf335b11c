"""What a vote costs the database: counted as transactions through the storage layer, not guessed."""

from __future__ import annotations

from adapters.runtime import open_services
from adapters.settings import Settings
from adapters.telegram.adapter import TelegramAdapter
from tests.support.transactions import CountingTransactions
from tests.telegram.telegram_fake_api import FakeBotApi
from tests.telegram.telegram_harness import AMINATA, correct, next_poll, poll_id, telegram_settings, wrong


async def test_a_vote_is_one_transaction_and_its_next_poll_one_link_and_the_last_vote_one_in_all(
        api: FakeBotApi, settings: Settings) -> None:
    transactions = CountingTransactions()
    async with open_services(settings, metrics=transactions) as services:
        adapter = TelegramAdapter(services.engine, telegram_settings(settings))
        await adapter.start()
        try:
            await api.command(AMINATA, "/quiz collectives")
            first = await next_poll(api, AMINATA.id, 1)
            await api.settle()
            with transactions.counting() as began:
                await api.answer_poll(AMINATA, poll_id(first), [correct(first)])
                second = await next_poll(api, AMINATA.id, 2)
                await api.settle()
            assert began() == 2  # the vote (link look-up, scoring, next question), then the next poll's link
            await api.answer_poll(AMINATA, poll_id(second), [wrong(second)])
            third = await next_poll(api, AMINATA.id, 3)
            await api.settle()
            with transactions.counting() as began:
                await api.answer_poll(AMINATA, poll_id(third), [correct(third)])
                await api.wait_for("sendMessage", 1, lambda p: "✅" in p["text"] and "❌" in p["text"])
                await api.settle()
            assert began() == 1  # scoring, the summary and its retry label, in one transaction
        finally:
            await adapter.stop()
