"""What is due, counted the same way everywhere: by the end of the learner's day, and never a question a reload
removed (its card, never answered again, would stay the most overdue for ever)."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

from bot.calendar import end_of_day
from bot.content.library import ContentLibrary
from bot.engine import QuizEngine
from bot.replies import Actor, Notice, NoticeCode
from tests.core.review_play import ADA, ALL_WRONG, play_collectives, reminder_pass, review_round
from tests.core.wiring import ADMIN_ID, build_engine
from tests.fakes.clock import FixedClock
from tests.fakes.storage import FakeDatabase
from tests.support.content import remove_question

ADMIN = Actor("telegram", ADMIN_ID)


async def test_questions_a_reload_removed_are_no_longer_due_anywhere(
        content_dir: Path, fake_db: FakeDatabase, clock: FixedClock) -> None:
    engine = build_engine(ContentLibrary.load(content_dir), fake_db, clock)
    await engine.set_reminders(ADA, "on 09:00")  # the time of the reminder pass below: a late one isn't sent
    await play_collectives(engine, ALL_WRONG)
    for question_id in ("sum-everywhere", "shards-to-full"):
        remove_question(content_dir, question_id)
    assert (await engine.reload(ADMIN)).ok
    clock.advance(timedelta(days=2))

    assert "1 question to review today." in (await engine.progress(ADA)).notes  # not 3
    _claimed, (reminder,) = await reminder_pass(engine)
    assert reminder.due == 1
    assert await review_round(engine) == ["collectives/english-only"]
    removed = [card for card in fake_db.state.cards.values() if card.question_id != "english-only"]
    assert all(card.due > end_of_day(clock.now, None) for card in removed)  # parked past today

    nothing = await engine.review(ADA)
    assert isinstance(nothing, Notice) and nothing.code is NoticeCode.NOTHING_DUE
    upcoming = min(card.due for card in fake_db.state.cards.values() if card.question_id == "english-only")
    assert upcoming > clock.now  # the next review is ahead, not a removed question's day long gone
    assert f"Your next review: {upcoming:%A, %B} {upcoming.day}, {upcoming.year}." in nothing.text


async def test_review_serves_what_progress_counts_as_due_today(library: ContentLibrary, fake_db: FakeDatabase,
                                                               clock: FixedClock) -> None:
    """In the morning of the day they are due, "3 questions to review today" was followed by "Nothing is due for
    review right now. Your next review: (today)"."""
    engine = build_engine(library, fake_db, clock)
    await play_collectives(engine, ALL_WRONG)
    first_due = min(card.due for card in fake_db.state.cards.values())
    clock.now = first_due.replace(hour=0, minute=30)
    assert clock.now.date() == first_due.date() and clock.now < first_due  # due later today
    assert "3 questions to review today." in (await engine.progress(ADA)).notes
    assert len(await review_round(engine)) == 3


async def test_a_pass_counts_the_learners_it_claimed_even_when_none_had_anything_due(
        engine: QuizEngine, clock: FixedClock) -> None:
    # The sweeper asks again at once after a full batch; counting only reminders sent, a batch of learners with
    # nothing due read as "no work" and left the learners after them waiting the whole interval.
    for learner in ("bo", "cy", "di"):
        await engine.set_reminders(Actor("telegram", learner), "on 19:00")
    clock.advance(timedelta(days=1))
    assert await reminder_pass(engine) == (3, [])  # nothing to review: nobody is disturbed
    assert await reminder_pass(engine) == (0, [])  # each moved on to tomorrow
