"""A retry round under way when a reload removes one of its questions, on a real database: /retry again (typed, or
the summary's button once more) carries on with it. Before, the round no longer looked like the retry of the round
it retries (its questions were compared with what a retry would ask now, the removed one left out), so a new retry
round replaced it: the questions answered in it were asked again from "Question 1 of 2"."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import timedelta
from pathlib import Path

import pytest

from adapters.runtime import open_services
from adapters.settings import Settings
from bot.engine import QuizEngine
from bot.replies import Actor, Notice, NoticeCode, QuestionView, Started
from tests.core.play import answer, next_question, start, summary_of
from tests.core.review_play import ADA, ALL_WRONG, play_collectives
from tests.fakes.clock import FixedClock
from tests.support.content import remove_question

ADMIN = Actor("telegram", "admin-1")


@pytest.fixture
async def engine(tmp_path: Path, content_dir: Path, database_url: str, clock: FixedClock) -> AsyncIterator[QuizEngine]:
    settings = Settings(data_dir=tmp_path, content_dir=content_dir, database_url=database_url)
    async with open_services(settings, clock=clock) as services:
        services.engine.allow_admin(ADMIN.platform, ADMIN.user_id)
        yield services.engine


async def _first_of(engine: QuizEngine, clock: FixedClock, kind: str) -> QuestionView:
    """The first question of a quiz, or of a review round, whose three questions are then all missed."""
    if kind == "quiz":
        return await start(engine, ADA)
    await play_collectives(engine, ALL_WRONG)
    clock.advance(timedelta(days=2))
    started = await engine.review(ADA)
    assert isinstance(started, Started), started
    return started.question


@pytest.mark.parametrize("kind", ["quiz", "review round"])
async def test_retry_again_carries_on_with_the_retry_round_a_reload_shortened(
        engine: QuizEngine, content_dir: Path, clock: FixedClock, kind: str) -> None:
    question = await _first_of(engine, clock, kind)
    for _ in range(2):
        question = next_question(await answer(engine, ADA, question, right=False))
    ended = summary_of(await answer(engine, ADA, question, right=False))
    assert ended.missed == 3
    retry = await engine.retry_missed(ADA, ended.session_id)
    assert isinstance(retry, Started), retry
    second = next_question(await answer(engine, ADA, retry.question, right=True))
    assert (second.number, second.total) == (2, 3)
    (last,) = {line.question_id for line in ended.lines} - {retry.question.question_id, second.question_id}
    remove_question(content_dir, last.removeprefix("collectives/"))
    assert (await engine.reload(ADMIN)).ok

    again = await engine.retry_missed(ADA, ended.session_id)  # the summary's button, pressed again
    assert isinstance(again, Notice) and again.code is NoticeCode.ALREADY_RETRYING, again
    typed = await engine.retry_missed(ADA)
    assert isinstance(typed, Started), typed
    assert (typed.question.session_id, typed.question.question_id) == (second.session_id, second.question_id)
