"""`quiztutor stats` counts an answer under the question as the learner was shown it: a reload that rewords the
prompt of a question while it is open leaves the answer accepted (same options and key, same verdict), but not
counted among the answers to the new wording. On a SQLite file and on PostgreSQL."""

from __future__ import annotations

import json
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import update

from adapters.cli.stats import stats
from adapters.runtime import open_services, open_storage
from adapters.settings import Settings
from bot.content.loader import load_quizzes
from bot.replies import Actor, AnswerOutcome, QuestionView
from storage import tables
from storage.database import create_engine
from tests.core.play import answer, start
from tests.core.review_play import ADA
from tests.fakes.clock import FixedClock
from tests.support.content import change_answer, edit_question

ADMIN = Actor("telegram", "admin-1")
QUESTION = "sum-everywhere"
NEW_WORDING = "Which collective gives every rank the sum of all ranks' gradients?"


def _reword(content_dir: Path, prompt: str = NEW_WORDING) -> None:
    edit_question(content_dir, QUESTION, lambda question: question["prompt"].update(en=prompt))


def _right(outcome: AnswerOutcome) -> bool:
    return outcome.feedback is not None and outcome.feedback.correct


async def _answered_in_stats(settings: Settings, capsys: pytest.CaptureFixture[str]) -> int:
    """How many learners `quiztutor stats --json` counts for the question, as the content now words it."""
    capsys.readouterr()
    assert await stats(settings, "collectives", as_json=True) == 0
    shown: dict[str, Any] = json.loads(capsys.readouterr().out)
    (item,) = [item for item in shown["questions"] if item["question"] == QUESTION]
    answered: int = item["answered"]
    return answered


async def _shown_then_reworded(settings: Settings, content_dir: Path) -> QuestionView:
    """ADA's first question shown, then a reload that rewords its prompt (nothing else)."""
    async with open_services(settings, clock=FixedClock()) as services:
        question = await start(services.engine, ADA)
        assert question.question_id == QUESTION
    _reword(content_dir)
    return question


async def test_an_answer_to_a_prompt_reworded_while_open_counts_under_the_wording_shown(
        tmp_path: Path, content_dir: Path, database_url: str, capsys: pytest.CaptureFixture[str]) -> None:
    """A learner answered a question whose prompt a reload reworded while it was open: stats counted the answer
    among those to the new wording, which the learner never read."""
    original = (content_dir / "quizzes" / "collectives.yaml").read_text(encoding="utf-8")
    settings = Settings(data_dir=tmp_path, content_dir=content_dir, database_url=database_url)
    async with open_services(settings, clock=FixedClock()) as services:
        engine = services.engine
        engine.allow_admin(ADMIN.platform, ADMIN.user_id)
        question = await start(engine, ADA)
        assert question.question_id == QUESTION
        _reword(content_dir)
        assert (await engine.reload(ADMIN)).ok
        feedback = (await answer(engine, ADA, question, right=True)).feedback
        assert feedback is not None and feedback.correct  # accepted as before: only the prompt's words changed
    assert await _answered_in_stats(settings, capsys) == 0
    (content_dir / "quizzes" / "collectives.yaml").write_text(original, encoding="utf-8")  # the wording shown
    assert await _answered_in_stats(settings, capsys) == 1


async def test_a_question_shown_again_in_its_new_words_counts_under_them(
        tmp_path: Path, content_dir: Path, database_url: str, capsys: pytest.CaptureFixture[str]) -> None:
    """Resumed after the reload, the question is shown in its new words: the answer is to them."""
    settings = Settings(data_dir=tmp_path, content_dir=content_dir, database_url=database_url)
    await _shown_then_reworded(settings, content_dir)
    async with open_services(settings, clock=FixedClock()) as services:
        resumed = await start(services.engine, ADA)
        assert NEW_WORDING in resumed.prompt
        assert _right(await answer(services.engine, ADA, resumed, right=True))
    assert await _answered_in_stats(settings, capsys) == 1


async def test_a_question_shown_before_the_wording_was_kept_is_answered_and_counted_as_before(
        tmp_path: Path, content_dir: Path, database_url: str, capsys: pytest.CaptureFixture[str]) -> None:
    """A session shown its question by a release that kept no wording (before the upgrade, or an older replica's
    during a rolling deploy) is answered as it was: accepted, and counted under the content served."""
    settings = Settings(data_dir=tmp_path, content_dir=content_dir, database_url=database_url)
    question = await _shown_then_reworded(settings, content_dir)
    engine = create_engine(database_url)
    try:
        async with engine.begin() as connection:
            await connection.execute(update(tables.table_of(tables.Session)).values(asked_hash=None))
    finally:
        await engine.dispose()
    async with open_services(settings, clock=FixedClock()) as services:
        assert _right(await answer(services.engine, ADA, question, right=True))
    assert await _answered_in_stats(settings, capsys) == 1


async def test_a_time_out_of_a_prompt_reworded_while_open_is_logged_under_the_wording_shown(
        tmp_path: Path, content_dir: Path, database_url: str) -> None:
    """The question's time ran out after a new release reworded its prompt: the time-out is the learner's first
    review of the question as they read it, not of its new words (where it would leave them out of its figures)."""
    (shown,) = [question for quiz in load_quizzes(content_dir) if quiz.id == "collectives"
                for question in quiz.questions if question.id == QUESTION]
    settings, clock = Settings(data_dir=tmp_path, content_dir=content_dir, database_url=database_url,
                               question_seconds=30), FixedClock()
    async with open_services(settings, clock=clock) as services:
        question = await start(services.engine, ADA)
        await services.engine.link_message("telegram", "poll-1", question, ADA.chat_id)
    _reword(content_dir)
    clock.advance(timedelta(seconds=45))
    async with open_services(settings, clock=clock) as services:
        [expired] = await services.engine.expire_overdue("telegram")
        assert expired.question_id == QUESTION
    async with open_storage(settings) as unit_of_work, unit_of_work() as uow:
        (review,) = await uow.reviews.of_quiz("collectives")
    assert review.option_id is None and review.content_hash == shown.content_hash


async def test_an_answer_judged_by_a_key_a_reload_changed_while_open_counts_under_the_question_as_it_is_now(
        tmp_path: Path, content_dir: Path, database_url: str, capsys: pytest.CaptureFixture[str]) -> None:
    """Buttons show no key, so an answer on them is judged by the key served now (bot/scoring.judge): logged under
    the key it was shown with, it would count right on a version whose key says otherwise, should that come back."""
    settings = Settings(data_dir=tmp_path, content_dir=content_dir, database_url=database_url)
    async with open_services(settings, clock=FixedClock()) as services:
        engine = services.engine
        engine.allow_admin(ADMIN.platform, ADMIN.user_id)
        question = await start(engine, ADA)
        change_answer(content_dir, QUESTION, "scatter")
        assert (await engine.reload(ADMIN)).ok
        scatter = next(index for index, text in enumerate(question.options) if text.startswith("Scatter"))
        outcome = await engine.answer(ADA, question.session_id, question.question_id, scatter)
        assert isinstance(outcome, AnswerOutcome) and _right(outcome)
    assert await _answered_in_stats(settings, capsys) == 1
