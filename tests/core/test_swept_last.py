"""swept_last, which tells a question a sweep timed out (said "Time's up!" when the learner comes back) from one they
skipped by hand (shown again without a word): an answer kept since 0023 says which it was; one from before is told
from the review log, as it was."""

from __future__ import annotations

from datetime import timedelta

from bot.content.library import ContentLibrary
from bot.records import AnswerRecord, QuizSession, ReviewRecord
from bot.stepper import swept_last
from tests.fakes.clock import START
from tests.fakes.storage import FakeDatabase

QUESTIONS = ["sum-everywhere", "shards-to-full", "english-only"]


def _past_the_first() -> QuizSession:
    return QuizSession("s1", 1, "collectives", None, list(QUESTIONS), {}, START, START, position=1)


def _time_out_in_a_review_round_later() -> ReviewRecord:
    """The first question's card, timed out in a /review round after the session passed it (no option)."""
    return ReviewRecord(1, 1, "collectives", "sum-everywhere", 1, START + timedelta(minutes=5), None, None, "en",
                        "0123456789abcdef")


async def test_a_question_skipped_by_hand_is_no_time_out_for_a_later_time_out_of_its_card(
        library: ContentLibrary) -> None:
    """Before: any time-out of the same card since the skip (in a review round) made the skip read as a time-out,
    and the learner was told "Time's up!" for a question they had skipped."""
    quiz = library.catalog.get("collectives")
    assert quiz is not None
    database = FakeDatabase()
    async with database.unit_of_work() as uow:
        await uow.answers.add(AnswerRecord("s1", "sum-everywhere", None, False, START))  # skipped by hand
        await uow.reviews.add(_time_out_in_a_review_round_later())
        assert await swept_last(uow, quiz, _past_the_first()) is None


async def test_a_time_out_is_told_by_its_answer_and_one_from_before_0023_by_its_review(
        library: ContentLibrary) -> None:
    quiz = library.catalog.get("collectives")
    assert quiz is not None
    async with FakeDatabase().unit_of_work() as uow:
        await uow.answers.add(AnswerRecord("s1", "sum-everywhere", None, False, START, timed_out=True))
        assert await swept_last(uow, quiz, _past_the_first()) == 0
    async with FakeDatabase().unit_of_work() as uow:  # stored before 0023: the review log tells, as before
        await uow.answers.add(AnswerRecord("s1", "sum-everywhere", None, False, START, timed_out=None))
        assert await swept_last(uow, quiz, _past_the_first()) is None
        await uow.reviews.add(_time_out_in_a_review_round_later())
        assert await swept_last(uow, quiz, _past_the_first()) == 0
