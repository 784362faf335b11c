"""Mastered means the whole quiz (or concept) is seen and stable, not one stable question out of nine."""

from __future__ import annotations

from datetime import UTC, datetime

from bot.content.library import ContentLibrary
from bot.mastery import mastery
from bot.memory import MATURE_DAYS, Memory
from bot.records import CardRecord

NOW = datetime(2027, 3, 1, tzinfo=UTC)


def stable_card(library: ContentLibrary, question_id: str, content_hash: str | None = None) -> CardRecord:
    """A mature card of a question of ``collectives``, reviewed as the question is now (or as ``content_hash``)."""
    quiz = library.catalog.get("collectives")
    question = quiz.question(question_id) if quiz else None
    assert question is not None
    return CardRecord(1, "collectives", question_id, content_hash or question.content_hash, 2, None,
                      MATURE_DAYS + 30, 5.0, NOW, NOW)


def test_a_quiz_is_mastered_only_once_every_question_is_seen_and_mature(library: ContentLibrary) -> None:
    quiz = library.catalog.get("collectives")
    assert quiz is not None and len(quiz.questions) == 3
    ids = [question.id for question in quiz.questions]
    memory = Memory()

    (one_seen,) = mastery([stable_card(library, ids[0])], library.catalog, memory, NOW).quizzes
    assert (one_seen.seen, one_seen.total, one_seen.mastered) == (1, 3, False)
    all_cards = [stable_card(library, question_id) for question_id in ids]
    (all_seen,) = mastery(all_cards, library.catalog, memory, NOW).quizzes
    assert (all_seen.seen, all_seen.total, all_seen.mastered) == (3, 3, True)


def test_a_card_of_a_question_changed_since_its_last_review_is_not_seen(library: ContentLibrary) -> None:
    """Its answer or English text changed: the learner never answered the question as it is now."""
    memory = Memory()
    cards = [stable_card(library, "sum-everywhere", content_hash="0123456789abcdef"),
             stable_card(library, "shards-to-full"), stable_card(library, "english-only")]
    scores = mastery(cards, library.catalog, memory, NOW)
    (quiz,) = scores.quizzes
    assert (quiz.seen, quiz.total, quiz.mastered) == (2, 3, False)
    assert "all-reduce" not in {score.key for score in scores.concepts}  # its only question: never seen now
