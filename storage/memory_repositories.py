"""SQL repositories for spaced review: each learner's cards (FSRS's memory model) and the log of reviews."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import Row, select

from bot.records import CardRecord, ReviewRecord
from storage import hot_statements as hot
from storage import tables
from storage.statements import StatementRunner

cards, reviews = map(tables.table_of, (tables.Card, tables.ReviewLog))
CARD_STATE = ("state", "step", "stability", "difficulty", "due", "last_review", "content_hash")


class SqlCardRepository:
    def __init__(self, connection: StatementRunner) -> None:
        self._connection = connection

    async def get(self, user_id: int, quiz_id: str, question_id: str) -> CardRecord | None:
        row = (await self._connection.execute(hot.card_by_question(), {
            "user_id": user_id, "quiz_id": quiz_id, "question_id": question_id})).first()
        return _card(row) if row else None

    async def add(self, card: CardRecord) -> CardRecord:
        dialect = self._connection.dialect.name
        result = await self._connection.execute(hot.insert_card(dialect), {
            "user_id": card.user_id, "quiz_id": card.quiz_id, "question_id": card.question_id, **_state(card)})
        new_id = result.lastrowid if dialect == "sqlite" else result.scalar_one()
        if new_id is None:
            raise RuntimeError("the database gave a new card no id")
        card.id = int(new_id)
        return card

    async def update(self, card: CardRecord) -> None:
        await self._connection.execute(hot.update_card(), {"card_id": card.id, **_state(card)})

    async def of_user(self, user_id: int) -> list[CardRecord]:
        return [_card(row) for row in await self._connection.execute(
            select(cards).where(cards.c.user_id == user_id).order_by(cards.c.id))]


class SqlReviewLogRepository:
    def __init__(self, connection: StatementRunner) -> None:
        self._connection = connection

    async def add(self, review: ReviewRecord) -> None:
        await self._connection.execute(hot.insert_review(), {
            "card_id": review.card_id, "user_id": review.user_id, "quiz_id": review.quiz_id,
            "question_id": review.question_id, "rating": review.rating, "reviewed_at": review.reviewed_at,
            "duration_ms": review.duration_ms, "option_id": review.option_id, "language": review.language,
            "content_hash": review.content_hash, "utc_offset_minutes": review.utc_offset_minutes})

    async def of_user(self, user_id: int, since: datetime) -> list[ReviewRecord]:
        query = (select(reviews).where(reviews.c.user_id == user_id, reviews.c.reviewed_at >= since)
                 .order_by(reviews.c.reviewed_at, reviews.c.id))
        return [_review(row) for row in await self._connection.execute(query)]

    async def of_quiz(self, quiz_id: str | None) -> list[ReviewRecord]:
        query = select(reviews).order_by(reviews.c.id)
        if quiz_id is not None:
            query = query.where(reviews.c.quiz_id == quiz_id)
        return [_review(row) for row in await self._connection.execute(query)]


def _state(card: CardRecord) -> dict[str, Any]:
    return {name: getattr(card, name) for name in CARD_STATE}


def _card(row: Row[Any]) -> CardRecord:
    return CardRecord(row.user_id, row.quiz_id, row.question_id, row.content_hash, row.state, row.step,
                      row.stability, row.difficulty, row.due, row.last_review, row.id)


def _review(row: Row[Any]) -> ReviewRecord:
    return ReviewRecord(row.card_id, row.user_id, row.quiz_id, row.question_id, row.rating, row.reviewed_at,
                        row.duration_ms, row.option_id, row.language, row.content_hash, row.utc_offset_minutes)
