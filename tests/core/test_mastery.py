"""Mastered means the whole quiz (or concept) is seen and stable, not one stable question out of nine."""

from __future__ import annotations

from datetime import UTC, datetime

from bot.content.library import ContentLibrary
from bot.mastery import mastery
from bot.memory import MATURE_DAYS, Memory
from bot.records import CardRecord

NOW = datetime(2027, 3, 1, tzinfo=UTC)


def stable_card(question_id: str) -> CardRecord:
    return CardRecord(1, "collectives", question_id, "hash", 2, None, MATURE_DAYS + 30, 5.0, NOW, NOW)


def test_a_quiz_is_mastered_only_once_every_question_is_seen_and_mature(library: ContentLibrary) -> None:
    quiz = library.catalog.get("collectives")
    assert quiz is not None and len(quiz.questions) == 3
    ids = [question.id for question in quiz.questions]
    memory = Memory()

    (one_seen,) = mastery([stable_card(ids[0])], library.catalog, memory, NOW).quizzes
    assert (one_seen.seen, one_seen.total, one_seen.mastered) == (1, 3, False)
    (all_seen,) = mastery([stable_card(question_id) for question_id in ids], library.catalog, memory, NOW).quizzes
    assert (all_seen.seen, all_seen.total, all_seen.mastered) == (3, 3, True)
