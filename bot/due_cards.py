"""A learner's due cards as /review, /progress and the reminders count them: due by the end of the learner's
day, and only of questions the catalog still has.

A card whose question a reload removed is never answered again, so it would stay the most overdue for ever:
it would fill every round's first places, every reminder and every "to review today". Met among the due cards,
it is parked instead: due just after the day looked at, so out of that look, and met (and parked) again on a
later day. Out of every count meanwhile; once a reload brings its question back, it is due again.
(Parked in the year 9999, as it once was, a question brought back was never asked in a review again.)
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import UTC, datetime, timedelta

from bot.content.catalog import Catalog
from bot.ports import UnitOfWork
from bot.records import CardRecord

PARKED = datetime(9999, 1, 1, tzinfo=UTC)  # where cards were parked before: still left out of "next review"
PARKED_PAST = timedelta(seconds=1)  # a parked card's new due date: this long after the end of the day looked at


def asks_still(catalog: Catalog, card: CardRecord) -> bool:
    """Whether the catalog still has the card's question."""
    quiz = catalog.get(card.quiz_id)
    return quiz is not None and quiz.question(card.question_id) is not None


async def due_cards(uow: UnitOfWork, catalog: Catalog, user_id: int, until: datetime, limit: int,
                    leave_out: frozenset[str] = frozenset()) -> list[CardRecord]:
    """Up to ``limit`` of the learner's cards due by ``until``, most overdue first, parking those of removed
    questions just past ``until`` on the way (the caller commits). Cards of the quizzes in ``leave_out`` are
    passed over (they stay due): more are read until enough others are found."""
    fetch = limit
    while True:
        cards = await uow.cards.due(user_id, until, fetch)
        removed = [card for card in cards if not asks_still(catalog, card)]
        for card in removed:
            card.due = (until + PARKED_PAST).astimezone(UTC)
            await uow.cards.update(card)
        if removed:  # look again: parked, they leave room for as many others
            continue
        kept = [card for card in cards if card.quiz_id not in leave_out]
        if len(kept) >= limit or len(cards) < fetch:  # enough, or every due card read
            return kept[:limit]
        fetch *= 2


def next_due(cards: Iterable[CardRecord], catalog: Catalog) -> datetime | None:
    """When the next of these cards falls due, leaving out parked cards and removed questions."""
    return min((card.due for card in cards if card.due < PARKED and asks_still(catalog, card)), default=None)


def count_due(cards: Iterable[CardRecord], catalog: Catalog, until: datetime,
              leave_out: frozenset[str] = frozenset()) -> int:
    """How many are due by ``until``; ``leave_out``: quizzes whose questions wait (as in due_cards)."""
    return sum(1 for card in cards if card.due <= until and card.quiz_id not in leave_out
               and asks_still(catalog, card))
