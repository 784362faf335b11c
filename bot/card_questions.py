"""A learner's card read against the catalog as it is now: its question may be gone (a reload removed it), or
changed materially since the card's last review (its English prompt, answer or options: Question.content_hash).

A changed question is a new one to the learner: due now for /review and the reminders, and neither seen, recalled
nor mastered in /progress, as if never answered. Compared when cards are read, not written at a reload, so a
deploy that changes the files does the same. Answered again, its card starts afresh (Memory.review).
"""

from __future__ import annotations

from datetime import datetime

from bot.content.catalog import Catalog
from bot.content.models import Question
from bot.records import CardRecord


def question_of(catalog: Catalog, card: CardRecord) -> Question | None:
    """The card's question as the catalog asks it now, or None if it has it no more."""
    quiz = catalog.get(card.quiz_id)
    return quiz.question(card.question_id) if quiz else None


def changed(card: CardRecord, question: Question) -> bool:
    """Whether the question changed materially since the card's last review."""
    return not question.hashed_as(card.content_hash)


def as_reviewed(catalog: Catalog, card: CardRecord) -> Question | None:
    """The card's question if the catalog still asks it as the learner last answered it; else None."""
    question = question_of(catalog, card)
    return question if question is not None and not changed(card, question) else None


def due_by(card: CardRecord, question: Question, until: datetime) -> bool:
    """Whether the card is due by ``until``: a changed question is, whatever its schedule said."""
    return changed(card, question) or card.due <= until


def due_at(card: CardRecord, question: Question) -> datetime:
    """When the card is due: as scheduled, or for a changed question since the card's last review (the change came
    after it), for next_due and to order changed ones among themselves (due_cards puts them all first)."""
    return (card.last_review or card.due) if changed(card, question) else card.due
