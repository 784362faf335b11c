"""A retry of a retry round stopped part-way, started by an older version (which asked only the questions the
stopped round had asked, not those it never reached too), is still that round's retry after an upgrade: /retry
typed, or the stopped round's button, carries on with it rather than stopping it for a new one."""

from __future__ import annotations

import random

import pytest

from bot.content.library import ContentLibrary
from bot.engine import QuizEngine
from bot.records import QuizSession
from bot.replies import Actor, QuestionView, Started, Stopped, Summary
from bot.sessions import new_session
from tests.core.play import answer, start
from tests.fakes.clock import FixedClock
from tests.fakes.storage import FakeDatabase

ALICE = Actor("telegram", "alice", chat_id="chat-a")


async def an_old_retry_of_a_stopped_round(engine: QuizEngine, clock: FixedClock, fake_db: FakeDatabase,
                                          library: ContentLibrary) -> tuple[Stopped, QuizSession]:
    """A retry round of three, stopped after one wrong answer; then the round the old code made of it: that one
    question alone, its first asked."""
    question: QuestionView | Summary = await start(engine, ALICE)
    while isinstance(question, QuestionView):  # all three wrong
        question = (await answer(engine, ALICE, question, right=False)).next
    clock.advance()
    retry = await engine.retry_missed(ALICE, question.session_id)
    assert isinstance(retry, Started)
    clock.advance()
    await answer(engine, ALICE, retry.question, right=False)
    clock.advance()
    stopped = await engine.stop(ALICE)
    assert isinstance(stopped, Stopped)
    clock.advance()
    quiz = library.catalog.get(retry.question.quiz_id)
    assert quiz is not None
    async with fake_db.unit_of_work() as uow:
        user = await uow.users.get(ALICE.platform, ALICE.user_id)
        assert user is not None and user.id is not None
        old_round = new_session(quiz, user_id=user.id, chat_id=ALICE.chat_id,
                                question_ids=[retry.question.question_id], rng=random.Random(7), now=clock())
        await uow.sessions.add(old_round)
        await uow.commit()
    clock.advance()
    return stopped, old_round


@pytest.mark.parametrize("pressed", [False, True])
async def test_a_retry_round_the_old_code_made_of_a_stopped_round_is_carried_on(
        engine: QuizEngine, clock: FixedClock, fake_db: FakeDatabase, library: ContentLibrary,
        pressed: bool) -> None:
    stopped, old_round = await an_old_retry_of_a_stopped_round(engine, clock, fake_db, library)
    retry = await engine.retry_missed(ALICE, stopped.session_id if pressed else None)  # its button, or typed
    assert isinstance(retry, Started) and retry.resumed, retry
    assert retry.question.session_id == old_round.id and retry.question.label == "Question 1 of 1"
    async with fake_db.unit_of_work() as uow:
        assert await uow.sessions.get(old_round.id) == await uow.sessions.active(old_round.user_id)  # not stopped
