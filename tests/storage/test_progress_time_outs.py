"""/progress of a quiz under way tells its skips from its time-outs, as the summary at its end does: "2 unanswered"
lumped a question the learner skipped with one whose time ran out, which the summary then marked apart."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import timedelta
from pathlib import Path

import pytest

from bot.engine import QuizEngine
from bot.replies import Actor, AnswerOutcome, Started
from tests.core.play import answer, next_question, start
from tests.fakes.clock import FixedClock
from tests.support.timed_engine import timed_engine

ADMIN = Actor("telegram", "admin-1")
ADA = Actor("telegram", "ada", chat_id="chat-ada")
LIMIT = 30  # seconds to answer each question


@pytest.fixture
async def engine(tmp_path: Path, content_dir: Path, database_url: str, clock: FixedClock) -> AsyncIterator[QuizEngine]:
    async with timed_engine(tmp_path, content_dir, database_url, clock, question_seconds=LIMIT,
                            admin=ADMIN) as engine:
        yield engine


async def test_progress_counts_a_skip_and_a_time_out_apart(engine: QuizEngine, clock: FixedClock) -> None:
    await start(engine, ADA)
    skipped = await engine.skip(ADA)  # question 1 skipped
    assert isinstance(skipped, AnswerOutcome)
    second = next_question(skipped)
    clock.advance(timedelta(seconds=LIMIT))
    late = await answer(engine, ADA, second, right=True)  # question 2 timed out
    assert late.feedback is None
    progress = await engine.progress(ADA)
    assert [line.text for line in progress.lines] == [
        "in progress: 0 of 3 answered, 0 right · 1 skipped · 1 timed out"]
    await engine.set_language(ADA, "fr")
    progress = await engine.progress(ADA)
    assert progress.lines[0].text.endswith(" · 1 question passée · 1 question hors délai"), progress.lines[0].text


async def _skip_one_and_time_out_the_next(engine: QuizEngine, clock: FixedClock) -> None:
    """The question shown now skipped, the one after it left until its time ran out."""
    skipped = await engine.skip(ADA)
    assert isinstance(skipped, AnswerOutcome)
    clock.advance(timedelta(seconds=LIMIT))
    assert (await answer(engine, ADA, next_question(skipped), right=True)).feedback is None


async def test_progress_of_a_stopped_quiz_counts_its_skip_and_time_out_apart(engine: QuizEngine,
                                                                             clock: FixedClock) -> None:
    """It said only "stopped: 0 of 3 answered, 0 right", unlike the quiz under way just before."""
    await start(engine, ADA)
    await _skip_one_and_time_out_the_next(engine, clock)
    await engine.stop(ADA)
    progress = await engine.progress(ADA)
    assert [line.text for line in progress.lines] == [
        "stopped: 0 of 3 answered, 0 right · 1 skipped · 1 timed out"]
    await engine.set_language(ADA, "fr")
    progress = await engine.progress(ADA)
    assert progress.lines[0].text.endswith(" · 1 question passée · 1 question hors délai"), progress.lines[0].text


async def test_progress_of_a_retry_under_way_counts_its_skip_and_time_out_apart(engine: QuizEngine,
                                                                                clock: FixedClock) -> None:
    shown = next_question(await answer(engine, ADA, await start(engine, ADA), right=False))
    shown = next_question(await answer(engine, ADA, shown, right=False))
    await answer(engine, ADA, shown, right=False)  # 0/3: three to retry
    assert isinstance(await engine.retry_missed(ADA), Started)
    await _skip_one_and_time_out_the_next(engine, clock)
    progress = await engine.progress(ADA)
    assert [line.text for line in progress.lines] == [
        "best 0/3 · 1 attempt · retry of 3 missed questions under way: 0 of 3 answered, 0 right · 1 skipped"
        " · 1 timed out"]
