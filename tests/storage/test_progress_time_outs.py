"""/progress of a quiz under way tells its skips from its time-outs, as the summary at its end does: "2 unanswered"
lumped a question the learner skipped with one whose time ran out, which the summary then marked apart."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import timedelta
from pathlib import Path

import pytest

from bot.engine import QuizEngine
from bot.replies import Actor, AnswerOutcome
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
