"""A timed question whose options a reload changed since it was shown is asked again as a new question, with the
full time: an answer on its old poll is refused ("This question changed since I showed it to you..."), and so is
its old order on resuming. Before, it kept the old clock, so the learner got what was left of it to read the new
options: 2 seconds of 30 here."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

from bot.content.library import ContentLibrary
from bot.engine import QuizEngine
from bot.replies import Actor, AnswerOutcome, QuestionView, Started
from tests.core.play import next_question, start
from tests.core.wiring import ADMIN_ID, build_engine
from tests.fakes.clock import FixedClock
from tests.fakes.storage import FakeDatabase
from tests.support.content import remove_option

LIMIT = timedelta(seconds=30)
ADMIN = Actor("telegram", ADMIN_ID)  # plays, and reloads


async def _shown_then_changed(library: ContentLibrary, fake_db: FakeDatabase, clock: FixedClock, content_dir: Path,
                              after: timedelta) -> tuple[QuizEngine, QuestionView]:
    """A timed quiz's first question shown, then changed by a reload ``after`` it was shown."""
    timed = build_engine(library, fake_db, clock, question_limit=LIMIT)
    shown = await start(timed, ADMIN)
    clock.advance(after)
    remove_option(content_dir, shown.question_id, "scatter")
    assert (await timed.reload(ADMIN)).ok
    return timed, shown


async def test_a_question_changed_while_shown_is_asked_again_with_the_full_time(
        library: ContentLibrary, fake_db: FakeDatabase, clock: FixedClock, content_dir: Path) -> None:
    timed, shown = await _shown_then_changed(library, fake_db, clock, content_dir, timedelta(seconds=28))
    refused = await timed.answer(ADMIN, shown.session_id, shown.question_id, 0)
    assert isinstance(refused, AnswerOutcome) and refused.feedback is None
    assert refused.notice == "This question changed since I showed it to you, so here it is again."
    again = next_question(refused)
    assert again.question_id == shown.question_id and again.seconds_left == 30  # not 2
    clock.advance(timedelta(seconds=10))  # its old deadline passed: not timed out
    assert await timed.expire_overdue("telegram") == []
    # Shown again unchanged (resumed): its clock runs on, as resuming never buys time.
    back = await timed.start(ADMIN)
    assert isinstance(back, Started) and back.question.seconds_left == 20


async def test_a_quiz_resumed_after_its_question_changed_asks_it_with_the_full_time(
        library: ContentLibrary, fake_db: FakeDatabase, clock: FixedClock, content_dir: Path) -> None:
    timed, shown = await _shown_then_changed(library, fake_db, clock, content_dir, timedelta(seconds=25))
    back = await timed.start(ADMIN)
    assert isinstance(back, Started) and back.question.question_id == shown.question_id
    assert len(back.question.options) == 2 and back.question.seconds_left == 30  # not 5
