"""A review round whose question, asked and left unanswered (skipped, or its time up), a reload then removes, on a
real database: the learner was shown it ("Question 1 of 3"), so the round still counts it. Before, it was taken
for a question the round never asked: the next was "Question 2 of 2" after "Question 2 of 3", and the summary
scored 2 out of 2, the skipped question gone from it."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import timedelta
from pathlib import Path

import pytest

from bot.engine import QuizEngine
from bot.replies import Actor, AnswerOutcome, Outcome, QuestionView, Started
from tests.core.play import answer, next_question, summary_of
from tests.core.review_play import ADA, ALL_WRONG, play_collectives
from tests.fakes.clock import FixedClock
from tests.support.content import remove_question
from tests.support.timed_engine import timed_engine

ADMIN = Actor("telegram", "admin-1")
LIMIT = 30  # seconds to answer each question


@pytest.fixture
async def engine(tmp_path: Path, content_dir: Path, database_url: str, clock: FixedClock) -> AsyncIterator[QuizEngine]:
    async with timed_engine(tmp_path, content_dir, database_url, clock, question_seconds=LIMIT,
                            admin=ADMIN) as engine:
        yield engine


async def _round_begun(engine: QuizEngine, clock: FixedClock) -> QuestionView:
    await play_collectives(engine, ALL_WRONG)
    clock.advance(timedelta(days=2))
    started = await engine.review(ADA)
    assert isinstance(started, Started), started
    assert (started.question.number, started.question.total) == (1, 3)
    return started.question


async def _left_unanswered(engine: QuizEngine, clock: FixedClock, first: QuestionView, how: str) -> QuestionView:
    if how == "skipped":
        outcome = await engine.skip(ADA)
        assert isinstance(outcome, AnswerOutcome), outcome
        return next_question(outcome)
    clock.advance(timedelta(seconds=LIMIT))
    (expired,) = await engine.expire_overdue("telegram")
    return next_question(expired.outcome)


@pytest.mark.parametrize("how", ["skipped", "timed out"])
async def test_a_question_asked_then_removed_still_counts_in_the_round(
        engine: QuizEngine, content_dir: Path, clock: FixedClock, how: str) -> None:
    first = await _round_begun(engine, clock)
    second = await _left_unanswered(engine, clock, first, how)
    assert (second.number, second.total) == (2, 3)
    remove_question(content_dir, first.question_id.removeprefix("collectives/"))
    assert (await engine.reload(ADMIN)).ok

    third = next_question(await answer(engine, ADA, second, right=True))
    assert (third.number, third.total, third.label) == (3, 3, "Question 3 of 3")
    summary = summary_of(await answer(engine, ADA, third, right=True))
    assert (summary.total, summary.correct) == (3, 2)
    assert summary.score == "You scored 2 out of 3 questions."
    # Marked as the learner was told it went: "Question 1 skipped." or "Time's up!".
    left = Outcome.SKIPPED if how == "skipped" else Outcome.TIMED_OUT
    assert [line.outcome for line in summary.lines] == [left, Outcome.CORRECT, Outcome.CORRECT]


async def test_the_open_question_removed_still_counts_in_the_round(
        engine: QuizEngine, content_dir: Path, clock: FixedClock) -> None:
    """Shown as "Question 2 of 3", then removed while open: answered, the round moved on to "Question 2 of 2"."""
    first = await _round_begun(engine, clock)
    second = next_question(await answer(engine, ADA, first, right=True))
    assert (second.number, second.total) == (2, 3)
    remove_question(content_dir, second.question_id.removeprefix("collectives/"))
    assert (await engine.reload(ADMIN)).ok

    third = next_question(await answer(engine, ADA, second, right=True))
    assert (third.number, third.total, third.label) == (3, 3, "Question 3 of 3")
    assert third.notices == ("A question was removed from this quiz since you started, so it was skipped.",)
    summary = summary_of(await answer(engine, ADA, third, right=True))
    assert summary.score == "You scored 2 out of 3 questions."
    assert [line.outcome for line in summary.lines] == [Outcome.CORRECT, Outcome.SKIPPED, Outcome.CORRECT]


async def test_a_round_a_reload_cut_short_says_why_at_its_summary(
        engine: QuizEngine, content_dir: Path, clock: FixedClock) -> None:
    """Its last question removed before it was asked: after "Question 2 of 3", the summary scored 2 out of 2 with
    not a word of the third, where a question after it would have said it was removed."""
    first = await _round_begun(engine, clock)
    second = next_question(await answer(engine, ADA, first, right=True))
    served = [f"collectives/{q}" for q in ("sum-everywhere", "shards-to-full", "english-only")]
    (last,) = set(served) - {first.question_id, second.question_id}
    remove_question(content_dir, last.removeprefix("collectives/"))
    assert (await engine.reload(ADMIN)).ok

    summary = summary_of(await answer(engine, ADA, second, right=True))
    assert summary.score == "You scored 2 out of 2 questions."
    assert summary.notices == ("A question was removed from this quiz since you started, so it was skipped.",)


async def test_a_question_passed_over_while_removed_stays_out_of_the_round_once_restored(
        engine: QuizEngine, content_dir: Path, clock: FixedClock) -> None:
    """Removed before the round asked it, then put back by the author: after "Question 2 of 2", the summary scored
    2 out of 3, the question never shown a skipped line of it, and a retry was offered for it as missed."""
    quiz_file = content_dir / "quizzes" / "collectives.yaml"
    original = quiz_file.read_text(encoding="utf-8")
    first = await _round_begun(engine, clock)
    served = [f"collectives/{q}" for q in ("sum-everywhere", "shards-to-full", "english-only")]
    passed_over = next(question_id for question_id in served if question_id != first.question_id)
    remove_question(content_dir, passed_over.removeprefix("collectives/"))
    assert (await engine.reload(ADMIN)).ok
    second = next_question(await answer(engine, ADA, first, right=True))
    assert (second.number, second.total) == (2, 2)
    quiz_file.write_text(original, encoding="utf-8")  # the author puts it back
    assert (await engine.reload(ADMIN)).ok

    summary = summary_of(await answer(engine, ADA, second, right=True))
    assert summary.score == "You scored 2 out of 2 questions."
    assert passed_over not in {line.question_id for line in summary.lines}
    assert summary.missed == 0 and summary.retry_offer is None
