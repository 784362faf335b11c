"""Values sent as one JSON text of rows when learners' like statements are merged (storage/json_rows.py) come back
exactly as each learner wrote them: floats to the last bit (NaN and infinities too), moments to the microsecond in
UTC, and text with quotes, backslashes and combining marks."""

from __future__ import annotations

import asyncio
import math
from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta, timezone

import pytest

from bot.records import CardRecord
from tests.storage.shared_storage import Storage, storage_of

STABILITIES = [0.1 + 0.2, math.nan, math.inf, -math.inf, 1e-300, 123456.78901234567]
WHEN = datetime(2026, 3, 29, 1, 59, 59, 999999, tzinfo=timezone(timedelta(hours=5, minutes=30)))
HASHES = ['a"b\\c', "ẹ̀kọ́ ọ̀rọ̀", "{a,b}", "NULL", "", "🧠\t"]  # a card's hash holds 16 characters


@pytest.fixture
async def storage(postgres_url: str) -> AsyncIterator[Storage]:
    async with storage_of(postgres_url, len(STABILITIES) + 1, warm=True) as made:
        yield made


async def test_values_written_together_read_back_exactly_as_each_learner_wrote_them(storage: Storage) -> None:
    async def card_of(n: int) -> CardRecord:
        async with storage.units.shared() as work:
            user = await work.users.get("telegram", f"learner-{n}")
            assert user is not None and user.id is not None
            card = await work.cards.add(CardRecord(user.id, "collectives", "q1", HASHES[n], 1, None,
                                                   STABILITIES[n], 5.0, WHEN + timedelta(microseconds=n), None))
            await work.commit()
            return card

    written = await asyncio.gather(*(card_of(n) for n in range(len(STABILITIES))))
    assert storage.metrics.kept == [len(STABILITIES)]  # one statement carried them all
    async with storage.units() as work:
        for n, card in enumerate(written):
            stored = await work.cards.get(card.user_id, "collectives", "q1")
            assert stored is not None
            assert stored.content_hash == HASHES[n]
            stability = stored.stability
            assert stability is not None
            assert (math.isnan(stability) and math.isnan(STABILITIES[n])) or stability == STABILITIES[n]
            assert stored.due == (WHEN + timedelta(microseconds=n)).astimezone(UTC)
            assert stored.step is None and stored.last_review is None
