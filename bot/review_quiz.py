"""A review round as a quiz: questions from any quiz, due for the learner, asked like any other.

Its session's quiz id is ``review`` and each question id names the quiz too (``fsdp/free-after-use``), so the
same stepping, judging, delivery and resuming serve it, and a restart resumes a round like a quiz.
"""

from __future__ import annotations

from bot.content.catalog import Catalog
from bot.content.models import LocalizedText, Question, Quiz

REVIEW_QUIZ_ID = "review"
SEPARATOR = "/"  # never in a quiz or question id (they are slugs)


def ref(quiz_id: str, question_id: str) -> str:
    return f"{quiz_id}{SEPARATOR}{question_id}"


def split_ref(reference: str) -> tuple[str, str]:
    quiz_id, _, question_id = reference.partition(SEPARATOR)
    return quiz_id, question_id


def review_quiz(catalog: Catalog, refs: list[str], title: LocalizedText) -> Quiz:
    """The round's questions that still exist, each under its ref; a removed one is skipped like in a quiz."""
    questions: list[Question] = []
    for reference in refs:
        quiz_id, question_id = split_ref(reference)
        quiz = catalog.get(quiz_id)
        question = quiz.question(question_id) if quiz else None
        if question is not None:
            questions.append(question.model_copy(update={"id": reference}))
    # Built, not validated: the ids hold a "/" on purpose, and everything else was validated when loaded.
    return Quiz.model_construct(id=REVIEW_QUIZ_ID, difficulty="medium", guide=None, tags=[], title=title,
                                description=title, questions=questions)
