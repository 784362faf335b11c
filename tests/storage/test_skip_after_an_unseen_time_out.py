"""Private buttons (no message link): question 2's time ran out, and the sweep, which can't send them unasked,
moved on to question 3 without showing it (its clock waits for it to be shown). The learner, still looking at
question 2, sends /skip: it skipped question 3, which they never saw ('Question 3 skipped.' and the summary). It
now tells them question 2's time ran out, as a click on question 2 does, and shows question 3 with its full time.
On a real database (SQLite and PostgreSQL)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import timedelta
from pathlib import Path

import pytest

from bot.engine import QuizEngine
from bot.replies import Actor, AnswerOutcome, Notice
from tests.core.play import answer, next_question, start, summary_of
from tests.fakes.clock import FixedClock
from tests.support.timed_engine import timed_engine

ADMIN = Actor("telegram", "admin-1")
ADA = Actor("telegram", "ada", chat_id="chat-ada")
LIMIT = 30


@pytest.fixture
async def engine(tmp_path: Path, content_dir: Path, database_url: str, clock: FixedClock) -> AsyncIterator[QuizEngine]:
    async with timed_engine(tmp_path, content_dir, database_url, clock, question_seconds=LIMIT,
                            admin=ADMIN) as engine:
        yield engine


async def test_a_skip_after_a_time_out_nobody_saw_shows_the_next_question_rather_than_skip_it(
        engine: QuizEngine, clock: FixedClock) -> None:
    first = await start(engine, ADA)
    second = next_question(await answer(engine, ADA, first, right=True))
    clock.advance(timedelta(seconds=LIMIT))
    (swept,) = await engine.expire_overdue("telegram")
    assert swept.link is None  # asked by no message: nothing was shown

    skipped = await engine.skip(ADA)
    assert isinstance(skipped, AnswerOutcome), skipped
    assert skipped.notice == ("Time's up! Question 2 wasn't answered in time: it scores no point, and "
                              "it comes back for review as a wrong answer does.")
    third = next_question(skipped)  # before: 'Question 3 skipped.' and the summary
    assert (third.number, third.seconds_left) == (3, LIMIT)
    assert third.question_id != second.question_id
    done = summary_of(await answer(engine, ADA, third, right=True))
    assert done.correct == 2 and done.total == 3


async def test_a_click_on_the_last_question_skipped_by_hand_is_no_time_out(engine: QuizEngine) -> None:
    """The last question skipped with /skip in time (its summary shown), then one of its buttons, which outlive a
    skip, clicked: it said "Time's up! Question 3 wasn't answered in time..." and showed the summary again, as it
    does after a time-out nobody saw; the learner had skipped it, and been shown the summary."""
    first = await start(engine, ADA)
    second = next_question(await answer(engine, ADA, first, right=True))
    third = next_question(await answer(engine, ADA, second, right=True))
    skipped = await engine.skip(ADA)
    assert isinstance(skipped, AnswerOutcome) and skipped.notice == "Question 3 skipped."
    summary_of(skipped)

    late = await engine.answer(ADA, third.session_id, third.question_id, third.correct_index)
    assert isinstance(late, Notice), late
    assert late.text == "That question is no longer open."
