"""A learner's due cards as /review, /progress and the reminders count them: due by the end of the learner's
day, only of questions the catalog still has, and none of a quiz the learner plays in a live group game now
(``held_back``: /review leaves those out, so the reminder's and /progress's counts do too). A question changed
materially since the card's last review is due at once, most overdue of all (bot/card_questions.py): what the
learner learned of it is wrong now.

A card whose question a reload removed is never answered again, so it would stay the most overdue for ever:
it would fill every round's first places, every reminder and every "to review today". Met among the due cards,
it is parked instead: due just after the day looked at, so out of that look, and met (and parked) again on a
later day. Out of every count meanwhile; once a reload brings its question back, it is due again.
(Parked in the year 9999, as it once was, a question brought back was never asked in a review again.)
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import UTC, datetime, timedelta

from bot.calendar import end_of_day
from bot.card_questions import changed, due_at, due_by, question_of
from bot.content.catalog import Catalog
from bot.ports import UnitOfWork
from bot.records import CardRecord, UserRecord

PARKED = datetime(9999, 1, 1, tzinfo=UTC)  # where cards were parked before: still left out of "next review"
PARKED_PAST = timedelta(seconds=1)  # a parked card's new due date: this long after the end of the day looked at


async def held_back(uow: UnitOfWork, user_id: int) -> frozenset[str]:
    """The quizzes whose due questions wait now: those the learner plays in live group games (a review's answers
    would give the game's away). The ``leave_out`` of every count of what /review offers at this moment."""
    return frozenset(await uow.games.live_quizzes_played_by(user_id))


async def due_cards(uow: UnitOfWork, catalog: Catalog, user_id: int, until: datetime, limit: int, *,
                    leave_out: frozenset[str], cards: list[CardRecord] | None = None) -> list[CardRecord]:
    """Up to ``limit`` of the learner's cards due by ``until``, most overdue first, parking those of removed
    questions just past ``until`` on the way (the caller commits). Cards of the quizzes in ``leave_out`` are
    passed over (they stay due). Every card is read (``cards``, if the caller read them already): a changed
    question's card is due whatever its stored date."""
    due: list[tuple[bool, datetime, int, CardRecord]] = []  # changed ones first: what was learned is wrong now
    for card in cards if cards is not None else await uow.cards.of_user(user_id):
        question = question_of(catalog, card)
        if question is None:
            if card.due <= until:
                card.due = (until + PARKED_PAST).astimezone(UTC)
                await uow.cards.update(card)
        elif card.quiz_id not in leave_out and due_by(card, question, until):
            due.append((not changed(card, question), due_at(card, question), card.id or 0, card))
    return [entry[-1] for entry in sorted(due, key=lambda entry: entry[:3])[:limit]]


def next_due(cards: Iterable[CardRecord], catalog: Catalog) -> datetime | None:
    """When the next of these cards falls due, leaving out parked cards and removed questions."""
    return min((at for card in cards if (question := question_of(catalog, card)) is not None
                and (at := due_at(card, question)) < PARKED), default=None)


def count_due(cards: Iterable[CardRecord], catalog: Catalog, until: datetime, *, leave_out: frozenset[str]) -> int:
    """How many are due by ``until``; ``leave_out``: quizzes whose questions wait (as in due_cards)."""
    return sum(1 for card in cards if card.quiz_id not in leave_out
               and (question := question_of(catalog, card)) is not None and due_by(card, question, until))


async def due_today(uow: UnitOfWork, catalog: Catalog, user: UserRecord, now: datetime, *,
                    cards: list[CardRecord] | None = None) -> int:
    """How many questions /review would offer the learner now: due by the end of their day, none of a quiz they
    play in a live group game. What /progress, the welcome and a review round's summary say is due today, so they
    never disagree (``cards``, if the caller read them already)."""
    if user.id is None:
        raise ValueError("what is due is counted for a stored user")
    cards = cards if cards is not None else await uow.cards.of_user(user.id)
    return count_due(cards, catalog, end_of_day(now, user.time_zone), leave_out=await held_back(uow, user.id))
