"""A question whose poll a crash lost (the session moved on to it, the process killed before the poll went out) that
a reload then removed: nobody saw it, so it is passed over as never asked, as a question removed before it was
reached is. Before, it was recorded as asked (its step had marked it shown), so a review round counted it: the next
question read "Question 3 of 3" in a round of two, and the summary scored it as one of three."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from datetime import timedelta
from pathlib import Path

import pytest

from bot.content.library import ContentLibrary
from bot.engine import QuizEngine
from bot.replies import Actor, AnswerOutcome, QuestionView, Started, Summary
from tests.core.play import answer, next_question
from tests.core.review_play import ADA, ALL_WRONG, play_collectives
from tests.core.wiring import ADMIN_ID, build_engine
from tests.fakes.clock import FixedClock
from tests.fakes.storage import FakeDatabase
from tests.support.content import remove_question
from tests.support.start_up_look import asked_at_start_up

ADMIN = Actor("telegram", ADMIN_ID)
LIMIT = timedelta(seconds=60)


@pytest.fixture
async def engine(content_dir: Path, fake_db: FakeDatabase, clock: FixedClock) -> QuizEngine:
    engine = build_engine(ContentLibrary.load(content_dir), fake_db, clock, question_limit=LIMIT)
    engine.asks_on_messages("telegram")
    return engine


async def _second_lost_then_removed(engine: QuizEngine, content_dir: Path, clock: FixedClock) -> QuestionView:
    """A review round of three: the vote on its first question's poll, the second's poll lost with the process,
    then a reload that removes the second; the first question."""
    await play_collectives(engine, ALL_WRONG)
    clock.advance(timedelta(days=2))
    started = await engine.review(ADA)
    assert isinstance(started, Started) and started.question.total == 3
    first = started.question
    await engine.link_message("telegram", "poll-1", first, ADA.chat_id)
    clock.advance(timedelta(seconds=5))  # she reads it
    voted = await engine.answer_message(ADA, "poll-1", first.correct_index, key_shown=True, closes_at_deadline=True)
    assert isinstance(voted, AnswerOutcome), voted
    lost = next_question(voted)  # never linked: its poll went out with the process
    remove_question(content_dir, lost.question_id.removeprefix("collectives/"))
    assert (await engine.reload(ADMIN)).ok
    return first


async def _start_up_look(engine: QuizEngine, clock: FixedClock, first: QuestionView) -> QuestionView:
    [expired] = await asked_at_start_up(engine, clock)
    return next_question(expired.outcome)


async def _sweep(engine: QuizEngine, clock: FixedClock, first: QuestionView) -> QuestionView:
    clock.advance(LIMIT * 2)  # the restart came after its deadline
    [expired] = await engine.expire_overdue("telegram", unsent=True)
    return next_question(expired.outcome)


async def _review(engine: QuizEngine, clock: FixedClock, first: QuestionView) -> QuestionView:
    clock.advance(LIMIT * 2)  # past its deadline, before a sweep came by
    resumed = await engine.review(ADA)
    assert isinstance(resumed, Started), resumed
    return resumed.question


async def _skip(engine: QuizEngine, clock: FixedClock, first: QuestionView) -> QuestionView:
    clock.advance(timedelta(seconds=20))
    skipped = await engine.skip(ADA)
    assert isinstance(skipped, AnswerOutcome), skipped
    return next_question(skipped)


async def _vote_again(engine: QuizEngine, clock: FixedClock, first: QuestionView) -> QuestionView:
    clock.advance(timedelta(seconds=20))  # Telegram delivers her vote again after the restart
    again = await engine.answer_message(ADA, "poll-1", first.correct_index, key_shown=True, closes_at_deadline=True)
    assert isinstance(again, AnswerOutcome), again
    return next_question(again)


@pytest.mark.parametrize("asked_again", [_start_up_look, _sweep, _review, _skip, _vote_again])
async def test_a_lost_question_a_reload_removed_is_not_counted_by_the_review_round(
        engine: QuizEngine, content_dir: Path, clock: FixedClock,
        asked_again: Callable[[QuizEngine, FixedClock, QuestionView], Awaitable[QuestionView]]) -> None:
    first = await _second_lost_then_removed(engine, content_dir, clock)
    third = await asked_again(engine, clock, first)
    assert (third.number, third.total, third.label) == (2, 2, "Question 2 of 2")  # before: 3 of 3
    outcome = await answer(engine, ADA, third, right=True)
    assert isinstance(outcome.next, Summary)
    assert outcome.next.score == "You scored 2 out of 2 questions." and outcome.next.total == 2
