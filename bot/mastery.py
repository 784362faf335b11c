"""Mastery: how well a learner remembers each quiz and each concept now, from their FSRS cards."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime

from bot.card_questions import as_reviewed
from bot.content.catalog import Catalog
from bot.content.models import Question
from bot.memory import Memory
from bot.records import CardRecord


@dataclass(frozen=True)
class Score:
    key: str  # a quiz id or a concept tag
    retrievability: float  # the mean, over the questions seen, of how likely each is remembered (Memory.recall_shown)
    seen: int  # questions with a card, of the question as it is now
    total: int  # questions in the catalog
    mastered: bool  # every question seen, and each mature (stable for 21 days or more)

    @property
    def percent(self) -> int:
        return round(self.retrievability * 100)


@dataclass(frozen=True)
class Mastery:
    quizzes: tuple[Score, ...]  # in the catalog's order
    concepts: tuple[Score, ...]  # weakest first


def mastery(cards: Iterable[CardRecord], catalog: Catalog, memory: Memory, now: datetime) -> Mastery:
    """Scores for every quiz and concept the learner has seen; cards of removed questions don't count, nor those of
    questions changed since their last review (new to the learner: not seen until answered again)."""
    seen: dict[str, list[tuple[float, bool]]] = defaultdict(list)
    concepts: dict[str, list[tuple[float, bool]]] = defaultdict(list)
    for card in cards:
        question = as_reviewed(catalog, card)
        if question is None:
            continue
        remembered = (memory.recall_shown(card, now), memory.mature(card))
        seen[card.quiz_id].append(remembered)
        for tag in _concepts_of(question):
            concepts[tag].append(remembered)
    totals: dict[str, int] = defaultdict(int)
    for quiz in catalog.quizzes:
        for question in quiz.questions:
            for tag in _concepts_of(question):
                totals[tag] += 1
    quiz_scores = tuple(_score(quiz.id, seen[quiz.id], len(quiz.questions)) for quiz in catalog.quizzes
                        if seen[quiz.id])
    concept_scores = sorted((_score(tag, values, totals[tag]) for tag, values in concepts.items()),
                            key=lambda score: (score.retrievability, score.key))
    return Mastery(quiz_scores, tuple(concept_scores))


def _concepts_of(question: Question) -> dict[str, None]:
    """The question's concept tags, each once: a tag listed twice (the loader takes it) is still one question."""
    return dict.fromkeys(question.tags)


def _score(key: str, values: list[tuple[float, bool]], total: int) -> Score:
    return Score(key, sum(value for value, _mature in values) / len(values), len(values), total,
                 len(values) >= total and all(mature for _value, mature in values))
