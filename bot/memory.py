"""A learner's memory of each question, modelled by FSRS (the ``fsrs`` package, as Anki ships it).

Every scored answer is a review of its card; the card says when the question is due again and how likely the
learner is to remember it now (retrievability). Cards are stored as plain columns (bot/records.CardRecord).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from fsrs import Card, Rating, Scheduler, State

from bot.content.models import Question
from bot.records import CardRecord, ReviewRecord

MATURE_DAYS = 21.0  # a card this stable counts as mastered: Anki calls it "mature"
RECALL_HORIZON = timedelta(days=1)  # recall is shown as of at least this long after the last review
# A question answered (or timed out) longer than this after it was shown was left, not thought about: how long it
# took says nothing then, and is logged as unknown. Weeks in milliseconds would also overflow the log's column
# on PostgreSQL (a 32-bit integer: 24.8 days).
LONGEST_DURATION = timedelta(days=1)


def rating_for(correct: bool | None) -> Rating:
    """The one place answers become FSRS ratings. Multiple choice stays conservative: a 4-option question is
    guessed right a quarter of the time, so a right answer is Good (never Easy), and a wrong one or a time-out
    (``None``) is Again. A skip is no review at all."""
    return Rating.Good if correct else Rating.Again


@dataclass(frozen=True)
class Reviewed:
    card: CardRecord
    rating: Rating


class Memory:
    def __init__(self) -> None:
        # No learning steps: minute-level re-asks don't suit a chat. No fuzzing: the same answers give the same
        # schedule, so tests and a learner's "next review" are predictable.
        self._scheduler = Scheduler(learning_steps=(), relearning_steps=(), enable_fuzzing=False)

    def review(self, card: CardRecord | None, *, user_id: int, quiz_id: str, question_id: str,
               question: Question, correct: bool | None, now: datetime) -> Reviewed:
        """The card after this answer; a card whose question changed materially starts again as new."""
        digest = question.content_hash  # what it asks, in English: a change there starts its card afresh
        if card is None or not question.hashed_as(card.content_hash):
            card = CardRecord(user_id, quiz_id, question_id, digest, State.Learning.value, 0, None, None, now, None,
                              card.id if card else None)
        card.content_hash = digest  # a hash of before option ids were hashed, of this question: now in today's form
        rating = rating_for(correct)
        # card_id: the stored card's; a new one has none until storage assigns it (FSRS doesn't use it to schedule,
        # and an fsrs Card made without an id sleeps a millisecond to invent one).
        updated, _log = self._scheduler.review_card(self._fsrs(card), rating, review_datetime=now)
        card.state, card.step = updated.state.value, updated.step
        card.stability, card.difficulty = updated.stability, updated.difficulty
        card.due, card.last_review = updated.due, updated.last_review
        return Reviewed(card, rating)

    def recall_shown(self, card: CardRecord, now: datetime) -> float:
        """How likely the learner is to remember the question (0 to 1): now, but at least a day after the last
        review. Right after any answer FSRS says 100%, even for one just got wrong; a day on, a question missed
        has faded far more than one answered right, which is what a learner needs to see."""
        at = max(now, card.last_review + RECALL_HORIZON) if card.last_review else now
        return float(self._scheduler.get_card_retrievability(self._fsrs(card), current_datetime=at))

    @staticmethod
    def mature(card: CardRecord) -> bool:
        return (card.stability or 0.0) >= MATURE_DAYS

    @staticmethod
    def _fsrs(card: CardRecord) -> Card:
        return Card(card_id=card.id or 0, state=State(card.state), step=card.step, stability=card.stability,
                    difficulty=card.difficulty, due=card.due, last_review=card.last_review)


def review_record(reviewed: Reviewed, *, reviewed_at: datetime, shown_at: datetime | None, option_id: str | None,
                  language: str, utc_offset_minutes: int | None, content_hash: str | None = None) -> ReviewRecord:
    """The log's entry for the review; ``content_hash``: the question as shown, when known (else the card's)."""
    card = reviewed.card
    if card.id is None:
        raise ValueError("a review is logged for a stored card")
    took = reviewed_at - shown_at if shown_at else None  # below zero: the clock was set back
    duration = int(took.total_seconds() * 1000) if took is not None and timedelta(0) <= took <= LONGEST_DURATION \
        else None
    return ReviewRecord(card.id, card.user_id, card.quiz_id, card.question_id, reviewed.rating.value, reviewed_at,
                        duration, option_id, language, content_hash or card.content_hash, utc_offset_minutes)
