"""A review round as a quiz: questions from any quiz, due for the learner, asked like any other.

Its session's quiz id is ``review`` and each question id names the quiz too (``fsdp/free-after-use``), so the
same stepping, judging, delivery and resuming serve it, and a restart resumes a round like a quiz.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable
from datetime import datetime

from bot.calendar import local_day
from bot.content.catalog import Catalog
from bot.content.models import LocalizedText, Question, Quiz
from bot.records import QuizSession, UserRecord

REVIEW_QUIZ_ID = "review"
SEPARATOR = "/"  # never in a quiz or question id (they are slugs)


def ref(quiz_id: str, question_id: str) -> str:
    return f"{quiz_id}{SEPARATOR}{question_id}"


def split_ref(reference: str) -> tuple[str, str]:
    quiz_id, _, question_id = reference.partition(SEPARATOR)
    return quiz_id, question_id


def quiz_of_question(session_quiz_id: str, question_id: str) -> str:
    """The quiz a session's question comes from: the session's own, or in a review round the one its ref names."""
    return split_ref(question_id)[0] if session_quiz_id == REVIEW_QUIZ_ID else session_quiz_id


def earlier_days_round(session: QuizSession, now: datetime, user: UserRecord | None) -> bool:
    """Whether ``session`` is a review round begun on an earlier day of the learner's clock: it asks what was due
    then, not what is due now (cards came due since, some of its own answered elsewhere), so it is not resumed as
    today's."""
    time_zone = user.time_zone if user else None
    return session.quiz_id == REVIEW_QUIZ_ID and local_day(session.started_at, time_zone) < local_day(now, time_zone)


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


class ReviewRounds:
    """Review rounds' quizzes by their refs, each built once for the catalog it was built from (every answer in a
    round asks for its quiz; building copies its questions and translates its title). The most recently used
    ``limit`` are kept; a reload's new catalog starts afresh."""

    def __init__(self, limit: int = 1024) -> None:
        self._limit = limit
        self._catalog: Catalog | None = None
        self._quizzes: OrderedDict[tuple[str, ...], Quiz] = OrderedDict()

    def quiz(self, catalog: Catalog, refs: list[str], title: Callable[[], LocalizedText]) -> Quiz:
        if catalog is not self._catalog:
            self._catalog, self._quizzes = catalog, OrderedDict()
        key = tuple(refs)
        found = self._quizzes.get(key)
        if found is None:
            found = self._quizzes[key] = review_quiz(catalog, refs, title())
            if len(self._quizzes) > self._limit:
                self._quizzes.popitem(last=False)
        else:
            self._quizzes.move_to_end(key)
        return found
