"""A review round whose question a reload removed asks one question fewer: its "Question n of m" says so. Before,
with its second question removed, the round's last question was "Question 3 of 3", the second asked, and the
summary scored the removed question as one of three."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

from bot.content.library import ContentLibrary
from bot.engine import QuizEngine
from bot.replies import Actor, AnswerOutcome, QuestionView, Started, Summary
from tests.core.play import answer, next_question
from tests.core.review_play import ADA, ALL_WRONG, play_collectives
from tests.core.wiring import ADMIN_ID, build_engine
from tests.fakes.clock import FixedClock
from tests.fakes.storage import FakeDatabase
from tests.support.content import remove_question

ADMIN = Actor("telegram", ADMIN_ID)


async def test_a_review_round_counts_only_the_questions_it_asks(
        content_dir: Path, fake_db: FakeDatabase, clock: FixedClock) -> None:
    engine = build_engine(ContentLibrary.load(content_dir), fake_db, clock)
    await play_collectives(engine, ALL_WRONG)
    clock.advance(timedelta(days=2))
    started = await engine.review(ADA)
    assert isinstance(started, Started)
    first = started.question
    assert (first.number, first.total) == (1, 3)
    served = [f"collectives/{q}" for q in ("sum-everywhere", "shards-to-full", "english-only")]
    served.remove(first.question_id)
    remove_question(content_dir, served[0].removeprefix("collectives/"))  # one the round asks later
    assert (await engine.reload(ADMIN)).ok

    second = next_question(await answer(engine, ADA, first, right=True))
    assert second.question_id == served[1]
    assert (second.number, second.total, second.label) == (2, 2, "Question 2 of 2")
    outcome = await answer(engine, ADA, second, right=True)
    assert isinstance(outcome.next, Summary)
    assert outcome.next.score == "You scored 2 out of 2 questions." and outcome.next.total == 2
    assert not isinstance(outcome.next, QuestionView)


async def _shortened_round(engine: QuizEngine, content_dir: Path, clock: FixedClock) -> QuestionView:
    """A review round whose second question a reload removed before it was asked; its third, shown as "2 of 2"."""
    await play_collectives(engine, ALL_WRONG)
    clock.advance(timedelta(days=2))
    started = await engine.review(ADA)
    assert isinstance(started, Started)
    served = [f"collectives/{q}" for q in ("sum-everywhere", "shards-to-full", "english-only")]
    served.remove(started.question.question_id)
    remove_question(content_dir, served[0].removeprefix("collectives/"))
    assert (await engine.reload(ADMIN)).ok
    second = next_question(await answer(engine, ADA, started.question, right=True))
    assert second.label == "Question 2 of 2"
    return second


async def test_a_skip_in_a_shortened_round_names_the_question_by_the_number_it_was_shown_with(
        content_dir: Path, fake_db: FakeDatabase, clock: FixedClock) -> None:
    engine = build_engine(ContentLibrary.load(content_dir), fake_db, clock)
    await _shortened_round(engine, content_dir, clock)
    skipped = await engine.skip(ADA)
    assert isinstance(skipped, AnswerOutcome) and skipped.notice == "Question 2 skipped.", skipped


async def test_a_time_out_in_a_shortened_round_names_the_question_by_the_number_it_was_shown_with(
        content_dir: Path, fake_db: FakeDatabase, clock: FixedClock) -> None:
    limit = timedelta(seconds=30)
    engine = build_engine(ContentLibrary.load(content_dir), fake_db, clock, question_limit=limit)
    second = await _shortened_round(engine, content_dir, clock)
    clock.advance(limit)
    expired = await engine.expire_overdue("telegram")
    assert len(expired) == 1, expired
    notice = expired[0].outcome.notice
    assert notice == ("Time's up! Question 2 wasn't answered in time: it scores no point, and it comes back for "
                      "review as a wrong answer does."), notice
    assert isinstance(expired[0].outcome.next, Summary) and expired[0].outcome.next.total == 2
    # Where no message asked it (private buttons), a click on it says so then, with the same number.
    click = await engine.answer(ADA, second.session_id, second.question_id, second.correct_index)
    assert isinstance(click, AnswerOutcome) and click.notice == expired[0].outcome.notice, click
