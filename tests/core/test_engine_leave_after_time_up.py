"""Leaving a timed round for another (/quiz of another quiz, /review, a retry) once its open question's time ran
out, before a sweep came by (the terminal has no sweeper; a chat's sweep comes up to 10 s late): the question
times out first, as the sweep would have timed it out and as /skip and /stop now do. Before, the round left was
paused with its time already run out, so the question escaped its "forgotten" rating, and coming back asked it
again with the full time."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import pytest

from bot.content.library import ContentLibrary
from bot.engine import QuizEngine
from bot.replies import Actor, AnswerOutcome, QuestionView, Started, Summary
from tests.core.play import answer, start
from tests.core.wiring import ADMIN_ID, build_engine
from tests.core.wiring import QUESTION_LIMIT as LIMIT
from tests.fakes.clock import START, FixedClock
from tests.fakes.storage import FakeDatabase

ALICE = Actor("telegram", "alice", chat_id="chat-a")


async def _reviews(fake_db: FakeDatabase) -> list[tuple[str, int, str | None]]:
    """Alice's review log: (question, FSRS rating, option chosen), oldest first."""
    async with fake_db.unit_of_work() as uow:
        user = await uow.users.get("telegram", "alice")
        assert user is not None and user.id is not None
        reviews = await uow.reviews.of_user(user.id, START - timedelta(days=1))
    return [(review.question_id, review.rating, review.option_id) for review in reviews]


async def test_a_quiz_left_after_its_time_ran_out_times_its_question_out(timed: QuizEngine, clock: FixedClock,
                                                                         fake_db: FakeDatabase) -> None:
    first = await start(timed, ALICE)
    clock.advance(timedelta(seconds=40))
    assert isinstance(await timed.start(ALICE, "long-options"), Started)
    assert await _reviews(fake_db) == [(first.question_id, 1, None)]  # Again, as a time-out: due for review
    clock.advance(timedelta(minutes=5))
    back = await timed.start(ALICE, "collectives")
    assert isinstance(back, Started) and back.resumed
    assert (back.question.number, back.question.seconds_left) == (2, 30)  # not question 1 with its time again


async def test_a_quiz_left_for_a_review_after_its_time_ran_out_times_its_question_out(
        timed: QuizEngine, clock: FixedClock, fake_db: FakeDatabase) -> None:
    question: QuestionView | Summary = await start(timed, ALICE)
    while isinstance(question, QuestionView):  # every question missed: all due for review in three days
        question = (await answer(timed, ALICE, question, right=False)).next
    clock.advance(timedelta(days=3))
    first = await start(timed, ALICE, "long-options")
    clock.advance(timedelta(seconds=40))
    assert isinstance(await timed.review(ALICE), Started)
    assert (await _reviews(fake_db))[-1] == (first.question_id, 1, None)


async def test_a_round_a_retry_replaces_after_its_time_ran_out_times_its_question_out(
        timed: QuizEngine, clock: FixedClock, fake_db: FakeDatabase) -> None:
    question: QuestionView | Summary = await start(timed, ALICE)
    while isinstance(question, QuestionView):  # only the last one missed
        question = (await answer(timed, ALICE, question, right=question.number < question.total)).next
    again = await start(timed, ALICE)  # a new round of the whole quiz, its first question let run out
    clock.advance(timedelta(seconds=40))
    assert isinstance(await timed.retry_missed(ALICE, question.session_id), Started)
    assert (await _reviews(fake_db))[-1] == (again.question_id, 1, None)


async def test_a_vote_back_in_a_quiz_left_times_out_the_question_of_the_quiz_it_leaves(
        timed: QuizEngine, clock: FixedClock, fake_db: FakeDatabase) -> None:
    """A vote on the poll of a quiz left for another (one that failed to close, or in flight) takes the learner
    back to that quiz, leaving the other: its question, whose time ran out, times out as a command would."""
    left = await start(timed, ALICE)
    clock.advance(timedelta(seconds=5))
    other = await start(timed, ALICE, "long-options")
    clock.advance(timedelta(seconds=40))  # long-options' time ran out, no sweep came by
    outcome = await timed.answer(ALICE, left.session_id, left.question_id, left.correct_index)
    assert isinstance(outcome, AnswerOutcome) and outcome.feedback is not None and outcome.feedback.correct
    assert (await _reviews(fake_db))[-2:] == [(other.question_id, 1, None), (left.question_id, 3, "all-reduce")]
    back = await timed.start(ALICE, "long-options")
    assert isinstance(back, Started) and not back.resumed  # its only question timed out: that round is over


@pytest.mark.parametrize("leave", ["quiz", "review"])
async def test_the_poll_of_a_question_timed_out_on_leaving_is_handed_over_to_go(
        timed: QuizEngine, clock: FixedClock, leave: str) -> None:
    """Its question over, the left quiz's poll must not stay open (a Discord poll stays open for hours), taking
    votes that count for nothing: it is handed over with the reply, as when the question is not timed out."""
    question: QuestionView | Summary = await start(timed, ALICE, "long-options")
    while isinstance(question, QuestionView):  # every question missed: due for review in three days
        question = (await answer(timed, ALICE, question, right=False)).next
    clock.advance(timedelta(days=3))
    left = await start(timed, ALICE)
    await timed.link_message("telegram", "left-poll", left, "chat-a")
    clock.advance(timedelta(seconds=40))  # its time ran out, no sweep came by
    started = await (timed.start(ALICE, "long-options") if leave == "quiz" else timed.review(ALICE))
    assert isinstance(started, Started)
    assert [link.message_key for link in started.left_behind] == ["left-poll"]


async def test_a_vote_on_a_removed_quizs_poll_leaves_the_quiz_played_untouched(
        content_dir: Path, fake_db: FakeDatabase, clock: FixedClock) -> None:
    """Such a vote only closes that quiz's session; the learner stays with the quiz they play. Before, its
    overdue question was timed out silently and moved on to a question never shown."""
    timed = build_engine(ContentLibrary.load(content_dir), fake_db, clock, question_limit=LIMIT)
    removed = await start(timed, ALICE)
    clock.advance(timedelta(seconds=5))
    played = await start(timed, ALICE, "long-options")
    clock.advance(timedelta(seconds=40))  # long-options' time ran out, no sweep came by
    (content_dir / "quizzes" / "collectives.yaml").unlink()
    assert (await timed.reload(Actor("telegram", ADMIN_ID))).ok
    await timed.answer(ALICE, removed.session_id, removed.question_id, removed.correct_index)
    assert await _reviews(fake_db) == []  # nothing rated: long-options' question was not timed out by the vote
    back = await timed.start(ALICE, "long-options")
    assert isinstance(back, Started) and back.resumed and back.question.question_id == played.question_id
