"""In-memory cards, review logs and the content state (bot/ports.py), for the engine's tests and the storage
contract."""

from __future__ import annotations

import copy
import itertools
from dataclasses import replace
from datetime import datetime

from bot.records import CardRecord, ReviewRecord
from tests.fakes.clock import utc


class FakeCardRepository:
    def __init__(self, cards: dict[int, CardRecord], ids: itertools.count[int]) -> None:
        self._cards = cards
        self._ids = ids

    async def get(self, user_id: int, quiz_id: str, question_id: str) -> CardRecord | None:
        found = next((card for card in self._cards.values()
                      if (card.user_id, card.quiz_id, card.question_id) == (user_id, quiz_id, question_id)), None)
        return copy.deepcopy(found)

    async def add(self, card: CardRecord) -> CardRecord:
        if await self.get(card.user_id, card.quiz_id, card.question_id) is not None:
            raise ValueError("a card for this question exists")  # the unique constraint in storage/
        card.id = next(self._ids)
        self._cards[card.id] = self._stored(card)
        return card

    async def update(self, card: CardRecord) -> None:
        if card.id is not None:
            self._cards[card.id] = self._stored(card)

    async def of_user(self, user_id: int) -> list[CardRecord]:
        return copy.deepcopy(sorted((c for c in self._cards.values() if c.user_id == user_id), key=lambda c: c.id or 0))

    @staticmethod
    def _stored(card: CardRecord) -> CardRecord:
        return replace(copy.deepcopy(card), due=utc(card.due),
                       last_review=utc(card.last_review))


class FakeReviewLogRepository:
    def __init__(self, reviews: dict[int, ReviewRecord], ids: itertools.count[int]) -> None:
        self._reviews = reviews
        self._ids = ids

    async def add(self, review: ReviewRecord) -> None:
        self._reviews[next(self._ids)] = replace(review, reviewed_at=utc(review.reviewed_at))

    async def of_user(self, user_id: int, since: datetime) -> list[ReviewRecord]:
        return [review for _id, review in sorted(self._reviews.items())
                if review.user_id == user_id and review.reviewed_at >= since]

    async def of_quiz(self, quiz_id: str | None) -> list[ReviewRecord]:
        return [review for _id, review in sorted(self._reviews.items()) if quiz_id in (None, review.quiz_id)]


class FakeContentStateRepository:
    def __init__(self, rows: dict[str, str]) -> None:
        self._rows = rows

    async def fingerprint(self) -> str | None:
        return self._rows.get("catalog")

    async def set_fingerprint(self, fingerprint: str, at: datetime) -> None:
        self._rows["catalog"] = fingerprint
