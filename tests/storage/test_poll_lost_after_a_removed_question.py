"""A crash (kill -9, a deploy) between a vote and the next question's poll, where a reload had removed the question
right after the one voted on: step() passed it over, never shown, and moved the session on to the one after it,
whose poll went out with the process. Both ways back to it looked at the question just before the open one, the
removed one, which no poll asked: the vote Telegram delivers again was taken for a repeat (silent), and the
start-up look for unsent questions took the quiz for one played with no messages; the learner waited on a poll that
never came. On a real database (SQLite and PostgreSQL)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import timedelta
from pathlib import Path

import pytest

from bot.engine import QuizEngine
from bot.replies import Actor, AnswerOutcome, QuestionView
from tests.core.play import next_question, start
from tests.fakes.clock import FixedClock
from tests.support.content import remove_question
from tests.support.start_up_look import asked_at_start_up
from tests.support.timed_engine import timed_engine

ADMIN = Actor("telegram", "admin-1")
ADA = Actor("telegram", "ada", chat_id="chat-ada")


@pytest.fixture
async def engine(tmp_path: Path, content_dir: Path, database_url: str, clock: FixedClock) -> AsyncIterator[QuizEngine]:
    async with timed_engine(tmp_path, content_dir, database_url, clock, question_seconds=60,
                            admin=ADMIN) as engine:
        yield engine


async def _third_unsent(engine: QuizEngine, content_dir: Path, clock: FixedClock) -> tuple[QuestionView, QuestionView]:
    """Question 1 asked by a poll; question 2 removed by a reload; the vote on 1 moves on to 3, whose poll is lost."""
    first = await start(engine, ADA)
    await engine.link_message("telegram", "poll-1", first, ADA.chat_id)
    remove_question(content_dir, "shards-to-full")
    assert (await engine.reload(ADMIN)).ok
    clock.advance(timedelta(seconds=5))
    voted = await engine.answer_message(ADA, "poll-1", first.correct_index, key_shown=True, closes_at_deadline=True)
    assert isinstance(voted, AnswerOutcome), voted
    third = next_question(voted)
    assert third.question_id == "english-only"  # never linked: its poll went out with the process
    return first, third


async def test_the_vote_delivered_again_asks_the_open_question_again(
        engine: QuizEngine, content_dir: Path, clock: FixedClock) -> None:
    first, third = await _third_unsent(engine, content_dir, clock)
    again = await engine.answer_message(ADA, "poll-1", first.correct_index, key_shown=True, closes_at_deadline=True)
    assert isinstance(again, AnswerOutcome), again  # before: 'You already answered this question...' (silent)
    assert next_question(again).question_id == third.question_id


async def test_the_start_up_look_asks_the_open_question_again(
        engine: QuizEngine, content_dir: Path, clock: FixedClock) -> None:
    _, third = await _third_unsent(engine, content_dir, clock)
    asked = await asked_at_start_up(engine, clock)
    assert [expired.question_id for expired in asked] == [third.question_id]  # before: nothing asked
    assert asked[0].link is not None and asked[0].link.message_key == "poll-1"  # where question 1 was asked
