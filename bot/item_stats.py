"""Classical item analysis for authors: how hard each question is, whether it tells strong learners from weak
ones, and which wrong options nobody falls for. Pure: the catalog and the review log in, numbers out.

Which answers count:
- Only each learner's **first** review of a question, so retries and spaced reviews (made after the learner saw
  the explanation) don't weight the statistic towards the learners who play most.
- Only reviews of the question **as it is now** (the review's ``content_hash`` equals the current one): after an
  author rewrites a question or a distractor, the old answers describe another item. A review is logged with the
  question as the learner was shown it: an answer after a reload reworded an open question's prompt is not one to
  the new words.
- A first review that timed out (no option chosen) is not an answer: that learner is left out of the question's
  figures, and their later answers are retries.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from fsrs import Rating

from bot.content.models import Question, Quiz
from bot.records import ReviewRecord

WEAK_SHARE = 0.05  # a distractor fewer than this share of answerers pick does no work


@dataclass(frozen=True)
class DistractorStat:
    option_id: str
    picked: int  # answerers who chose this wrong option
    share: float | None  # picked / answered; None when nobody answered

    @property
    def weak(self) -> bool:
        """Picked by fewer than WEAK_SHARE of the answerers: the option does no work."""
        return self.share is not None and self.share < WEAK_SHARE


@dataclass(frozen=True)
class ItemStat:
    quiz_id: str
    question_id: str
    answered: int  # learners whose first review chose an option
    right: int
    r_pb: float | None  # point-biserial discrimination against the rest score; see point_biserial
    distractors: tuple[DistractorStat, ...]  # the wrong options, in the file's order

    @property
    def p(self) -> float | None:
        """Difficulty: the share right, ``right / answered``; None when nobody answered."""
        return self.right / self.answered if self.answered else None

    @property
    def weak_distractors(self) -> tuple[DistractorStat, ...]:
        return tuple(distractor for distractor in self.distractors if distractor.weak)


@dataclass(frozen=True)
class _Answer:
    option_id: str
    right: bool


def item_statistics(quizzes: Iterable[Quiz], reviews: Iterable[ReviewRecord]) -> list[ItemStat]:
    """One ItemStat per question of ``quizzes``, in the catalog's order. Reviews of quizzes or questions not in
    ``quizzes`` are ignored."""
    quizzes = list(quizzes)
    firsts = _first_answers(quizzes, reviews)
    stats = []
    for quiz in quizzes:
        # learner -> question id -> their first answer, within this quiz (the "test" the rest score is taken on)
        by_learner: dict[int, dict[str, _Answer]] = {}
        for (user_id, quiz_id, question_id), answer in firsts.items():
            if quiz_id == quiz.id:
                by_learner.setdefault(user_id, {})[question_id] = answer
        stats += [_item(quiz.id, question, by_learner) for question in quiz.questions]
    return stats


def _first_answers(quizzes: Sequence[Quiz], reviews: Iterable[ReviewRecord]) -> dict[tuple[int, str, str], _Answer]:
    """(learner, quiz, question) -> the learner's first answer to the current version of the question; learners
    whose first review of it timed out are left out."""
    current = {(quiz.id, question.id): question for quiz in quizzes for question in quiz.questions}
    first: dict[tuple[int, str, str], ReviewRecord] = {}
    for review in sorted(reviews, key=lambda review: review.reviewed_at):  # stable: ties keep the log's order
        question = current.get((review.quiz_id, review.question_id))
        if question is None or not question.hashed_as(review.content_hash):
            continue
        first.setdefault((review.user_id, review.quiz_id, review.question_id), review)
    return {key: _Answer(review.option_id, review.rating == Rating.Good)
            for key, review in first.items() if review.option_id is not None}


def _item(quiz_id: str, question: Question, by_learner: dict[int, dict[str, _Answer]]) -> ItemStat:
    answers = [answers[question.id] for answers in by_learner.values() if question.id in answers]
    pairs = []  # (right on this item, rest score) for learners who also answered another item
    for learner in by_learner.values():
        if question.id in learner and (others := [a for qid, a in learner.items() if qid != question.id]):
            pairs.append((learner[question.id].right, sum(a.right for a in others) / len(others)))
    n = len(answers)
    distractors = []
    for option in question.options:
        if option.id != question.answer:
            picked = sum(answer.option_id == option.id for answer in answers)
            distractors.append(DistractorStat(option.id, picked, picked / n if n else None))
    right = sum(answer.right for answer in answers)
    return ItemStat(quiz_id, question.id, n, right, point_biserial(pairs), tuple(distractors))


def point_biserial(pairs: Sequence[tuple[bool, float]]) -> float | None:
    """The point-biserial correlation of a right/wrong item with the learners' rest scores.

    Each pair is (right on this item, rest score), where the rest score is the share right of the learner's first
    answers to the quiz's *other* questions (a share, not a count, since learners answer different numbers of
    them; the item itself is left out so it doesn't correlate with itself). Over those learners:

        r_pb = (M1 - M0) / s * sqrt(p * q)

    M1 and M0 are the mean rest scores of the learners right and wrong on the item, s the population standard
    deviation of all rest scores, p the share right and q = 1 - p. It equals Pearson's r between the 0/1 item
    score and the rest score: near +1 the item separates strong from weak learners, near 0 it doesn't, below 0
    the strong learners miss it (often a wrong key or a trick). None when fewer than 2 learners, or when the
    item or the rest scores don't vary (the correlation is undefined).
    """
    rest = [score for _right, score in pairs]
    right = [score for is_right, score in pairs if is_right]
    wrong = [score for is_right, score in pairs if not is_right]
    if not right or not wrong or len(set(rest)) < 2:  # also covers fewer than 2 learners
        return None
    mean = sum(rest) / len(rest)
    s = math.sqrt(sum((score - mean) ** 2 for score in rest) / len(rest))
    p = len(right) / len(pairs)
    return (sum(right) / len(right) - sum(wrong) / len(wrong)) / s * math.sqrt(p * (1 - p))
