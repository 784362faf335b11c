"""/skip once the open question's time ran out, before a sweep came by (the terminal has no sweeper; a chat's
sweep comes up to 10 s late): the question timed out, as an answer then is, not skipped by hand. Before, it was
"Question 1 skipped." and no review of its card, so a question let run out escaped its "forgotten" rating."""

from __future__ import annotations

from datetime import timedelta

from bot.engine import QuizEngine
from bot.replies import Actor, AnswerOutcome, Stopped
from tests.core.play import next_question, start
from tests.fakes.clock import FixedClock
from tests.fakes.storage import FakeDatabase

ALICE = Actor("telegram", "alice", chat_id="chat-a")


async def _carded(fake_db: FakeDatabase) -> list[str]:
    """The questions Alice has a review card for (a time-out rates one forgotten; a skip or a stop none)."""
    async with fake_db.unit_of_work() as uow:
        user = await uow.users.get("telegram", "alice")
        assert user is not None and user.id is not None
        return [card.question_id for card in await uow.cards.of_user(user.id)]


async def test_a_skip_after_the_time_ran_out_times_the_question_out(timed: QuizEngine, fake_db: FakeDatabase,
                                                                    clock: FixedClock) -> None:
    first = await start(timed, ALICE)
    clock.advance(timedelta(seconds=40))
    skipped = await timed.skip(ALICE)
    assert isinstance(skipped, AnswerOutcome)
    assert skipped.notice == ("Time's up! Question 1 wasn't answered in time: it scores no point, and "
                              "it comes back for review as a wrong answer does.")
    assert next_question(skipped).number == 2
    assert await _carded(fake_db) == [first.question_id]  # rated forgotten: due again for review


async def test_a_skip_in_time_is_still_a_skip(timed: QuizEngine, clock: FixedClock) -> None:
    await start(timed, ALICE)
    clock.advance(timedelta(seconds=20))
    skipped = await timed.skip(ALICE)
    assert isinstance(skipped, AnswerOutcome) and skipped.notice == "Question 1 skipped."


async def test_a_stop_after_the_time_ran_out_times_the_question_out_first(
        timed: QuizEngine, fake_db: FakeDatabase, clock: FixedClock) -> None:
    """As a sweep coming first would have: rated forgotten, and offered again by the stop's retry."""
    first = await start(timed, ALICE)
    clock.advance(timedelta(seconds=40))
    stopped = await timed.stop(ALICE)
    assert isinstance(stopped, Stopped) and stopped.retry_label is not None
    assert await _carded(fake_db) == [first.question_id]


async def test_a_stop_in_time_leaves_the_question_unanswered(timed: QuizEngine, fake_db: FakeDatabase,
                                                            clock: FixedClock) -> None:
    await start(timed, ALICE)
    clock.advance(timedelta(seconds=20))
    stopped = await timed.stop(ALICE)
    assert isinstance(stopped, Stopped) and stopped.retry_label is None  # nothing missed: nothing to retry
    assert await _carded(fake_db) == []
