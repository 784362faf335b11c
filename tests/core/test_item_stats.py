"""Item statistics on small review logs whose figures can be worked out by hand."""

from __future__ import annotations

import math
import statistics
from datetime import UTC, datetime, timedelta

import pytest

from bot.content.models import Quiz
from bot.item_stats import ItemStat, item_statistics, point_biserial
from bot.records import ReviewRecord

T0 = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)


def a_quiz(questions: int = 3) -> Quiz:
    """Questions q1, q2...: options right (the answer), wrong and silly."""
    options = [{"id": option, "text": {"en": option.title()}} for option in ("right", "wrong", "silly")]
    return Quiz.model_validate({
        "id": "sample", "difficulty": "easy", "title": {"en": "Sample"}, "description": {"en": "A sample."},
        "questions": [{"id": f"q{n}", "answer": "right", "prompt": {"en": f"Question {n}?"}, "options": options,
                       "explanation": {"en": "Because."}} for n in range(1, questions + 1)]})


QUIZ = a_quiz()


def review(user_id: int, question_id: str, option_id: str | None, minutes: int = 0, quiz: Quiz = QUIZ,
           content: str | None = None) -> ReviewRecord:
    question = quiz.question(question_id)
    assert question is not None
    return ReviewRecord(card_id=1, user_id=user_id, quiz_id=quiz.id, question_id=question_id,
                        rating=3 if option_id == question.answer else 1, reviewed_at=T0 + timedelta(minutes=minutes),
                        duration_ms=None, option_id=option_id, language="en",
                        content_hash=content or question.content_hash)


def answers(table: dict[int, str]) -> list[ReviewRecord]:
    """{learner: "RWR"}: right or wrong on q1, q2, q3 ("-": not answered)."""
    return [review(user, f"q{n}", "right" if mark == "R" else "wrong", minutes=n)
            for user, marks in table.items() for n, mark in enumerate(marks, start=1) if mark != "-"]


def stat(stats: list[ItemStat], question_id: str) -> ItemStat:
    return next(item for item in stats if item.question_id == question_id)


def test_difficulty_and_discrimination_of_a_four_learner_example() -> None:
    stats = item_statistics([QUIZ], answers({1: "RRR", 2: "RWR", 3: "WRW", 4: "WWW"}))
    q1 = stat(stats, "q1")
    assert (q1.answered, q1.right, q1.p) == (4, 2, 0.5)
    # q1's rest scores (share right on q2 and q3): 1, 1/2, 1/2, 0. Right learners' mean 3/4, wrong 1/4,
    # population sd sqrt(1/8), p = q = 1/2: r_pb = (1/2) / sqrt(1/8) * 1/2 = 1/sqrt(2).
    assert q1.r_pb == pytest.approx(1 / math.sqrt(2))
    assert q1.r_pb == pytest.approx(statistics.correlation([1, 1, 0, 0], [1, 0.5, 0.5, 0]))
    # q2: rest scores 1, 1, 0, 0 for right, wrong, right, wrong: no discrimination at all.
    assert stat(stats, "q2").r_pb == pytest.approx(0.0)
    assert [(d.option_id, d.picked, d.share) for d in q1.distractors] == [("wrong", 2, 0.5), ("silly", 0, 0.0)]


def test_an_item_the_strong_learners_miss_discriminates_negatively() -> None:
    stats = item_statistics([QUIZ], answers({1: "WRR", 2: "WRW", 3: "RWW"}))
    # q1's rest scores 1, 1/2, 0; only the weakest is right: (0 - 3/4) / sqrt(1/6) * sqrt(2/9) = -sqrt(3)/2.
    assert stat(stats, "q1").r_pb == pytest.approx(-math.sqrt(3) / 2)
    assert stat(stats, "q1").r_pb == pytest.approx(statistics.correlation([0, 0, 1], [1, 0.5, 0]))


def test_the_rest_score_is_a_share_of_the_questions_each_learner_answered() -> None:
    # Learner 2 answered only q1 and q2: their rest score for q1 is 1/1, not 1 of 2.
    stats = item_statistics([QUIZ], answers({1: "RRW", 2: "RR-", 3: "WWR", 4: "WW-"}))
    assert stat(stats, "q1").r_pb == pytest.approx(statistics.correlation([1, 1, 0, 0], [0.5, 1, 0.5, 0]))


def test_discrimination_is_undefined_without_two_learners_or_without_variance() -> None:
    assert stat(item_statistics([QUIZ], answers({1: "RWR"})), "q1").r_pb is None
    everyone_right = item_statistics([QUIZ], answers({1: "RRW", 2: "RWW"}))
    assert stat(everyone_right, "q1").r_pb is None  # the item doesn't vary
    same_rest = item_statistics([QUIZ], answers({1: "RRW", 2: "WRW"}))
    assert stat(same_rest, "q1").r_pb is None  # the rest scores don't vary
    assert stat(item_statistics([QUIZ], answers({1: "R--", 2: "W--"})), "q1").r_pb is None  # no other items
    assert point_biserial([]) is None


def pick(counts: dict[str, int]) -> list[ReviewRecord]:
    """One learner per pick of q1's options."""
    chosen = [option for option, count in counts.items() for _ in range(count)]
    return [review(user, "q1", option) for user, option in enumerate(chosen, start=1)]


def test_a_distractor_fewer_than_five_percent_pick_does_no_work() -> None:
    q1 = stat(item_statistics([QUIZ], pick({"right": 18, "wrong": 1, "silly": 1})), "q1")
    assert [(d.option_id, d.share, d.weak) for d in q1.distractors] == [("wrong", 0.05, False), ("silly", 0.05, False)]
    q1 = stat(item_statistics([QUIZ], pick({"right": 19, "wrong": 2})), "q1")
    assert q1.answered == 21
    assert [(d.option_id, d.picked, d.weak) for d in q1.weak_distractors] == [("silly", 0, True)]
    q1 = stat(item_statistics([QUIZ], pick({"right": 19, "wrong": 1, "silly": 1})), "q1")
    assert [d.option_id for d in q1.weak_distractors] == ["wrong", "silly"]  # 1 of 21 is 4.8 %


def test_only_each_learners_first_answer_counts() -> None:
    reviews = [review(1, "q1", "right", minutes=60),  # a retry, logged before the first answer's row
               review(1, "q1", "wrong", minutes=0),
               review(1, "q1", "right", minutes=60 * 24 * 3),  # a spaced review
               review(2, "q1", "right", minutes=5)]
    q1 = stat(item_statistics([QUIZ], reviews), "q1")
    assert (q1.answered, q1.right) == (2, 1)
    assert [(d.option_id, d.picked) for d in q1.distractors] == [("wrong", 1), ("silly", 0)]


def test_a_first_time_out_leaves_the_learner_out_and_old_versions_are_ignored() -> None:
    reviews = [review(1, "q1", None, minutes=0), review(1, "q1", "right", minutes=10),  # timed out, then a retry
               review(2, "q1", "wrong", minutes=0, content="0123456789abcdef"),  # the question as it was
               review(2, "q1", "right", minutes=10)]
    q1 = stat(item_statistics([QUIZ], reviews), "q1")
    assert (q1.answered, q1.right) == (1, 1)


def test_no_data_gives_every_question_with_nothing_to_say() -> None:
    stats = item_statistics([QUIZ], [])
    assert [item.question_id for item in stats] == ["q1", "q2", "q3"]
    q1 = stats[0]
    assert (q1.answered, q1.p, q1.r_pb, q1.weak_distractors) == (0, None, None, ())
    assert [(d.picked, d.share) for d in q1.distractors] == [(0, None), (0, None)]


def test_reviews_of_other_quizzes_or_removed_questions_are_ignored() -> None:
    other = Quiz.model_validate({**a_quiz().model_dump(), "id": "other"})
    removed = ReviewRecord(1, 1, "sample", "gone", 1, T0, None, "x", "en", "0123456789abcdef")
    stats = item_statistics([QUIZ], [review(1, "q1", "wrong", quiz=other), removed])
    assert [item.answered for item in stats] == [0, 0, 0]
