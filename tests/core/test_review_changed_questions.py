"""A question a reload changed materially (its English prompt, answer or options) is a new question to the
learner: due at once everywhere, first in a round, and not seen in /progress until answered again. A change to a
translation only is no change to their memory of it."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path
from typing import Any

from bot.calendar import end_of_day
from bot.content.library import ContentLibrary
from bot.replies import Actor
from tests.core.review_play import ADA, play_collectives, reminder_pass, review_round
from tests.core.wiring import ADMIN_ID, build_engine
from tests.fakes.clock import FixedClock
from tests.fakes.storage import FakeDatabase
from tests.support.content import change_answer, edit_question, swap_option_texts

ADMIN = Actor("telegram", ADMIN_ID)
ONE_RIGHT = {"sum-everywhere": False, "shards-to-full": False, "english-only": True}


async def test_a_changed_question_not_due_for_days_comes_first_in_the_next_round(
        content_dir: Path, fake_db: FakeDatabase, clock: FixedClock) -> None:
    """Before, it waited for its old date: the learner kept the answer the author had just corrected."""
    engine = build_engine(ContentLibrary.load(content_dir), fake_db, clock)
    await engine.set_reminders(ADA, "on 09:00")  # the time of the reminder pass below: a late one isn't sent
    await play_collectives(engine, ONE_RIGHT)
    clock.advance(timedelta(days=1))  # the two missed are due; the one answered right is not, today
    due = {card.question_id: card.due for card in fake_db.state.cards.values()}
    assert due["english-only"] > end_of_day(clock.now, None)

    change_answer(content_dir, "english-only", "ethernet")
    assert (await engine.reload(ADMIN)).ok
    assert "3 questions to review today." in (await engine.progress(ADA)).notes
    _claimed, reminders = await reminder_pass(engine)
    assert [reminder.due for reminder in reminders] == [3]
    assert await review_round(engine) == ["collectives/english-only", "collectives/sum-everywhere",
                                          "collectives/shards-to-full"]


async def test_a_translation_fixed_by_a_reload_changes_nothing_the_learner_has_learned(
        content_dir: Path, fake_db: FakeDatabase, clock: FixedClock) -> None:
    engine = build_engine(ContentLibrary.load(content_dir), fake_db, clock)
    await play_collectives(engine, {question_id: True for question_id in ONE_RIGHT})
    before = await engine.progress(ADA)

    def french(question: dict[str, Any]) -> None:
        question["prompt"]["fr"] = "Quelle collective laisse la somme des gradients sur chaque rang\u00a0?"
    edit_question(content_dir, "sum-everywhere", french)
    assert (await engine.reload(ADMIN)).ok
    after = await engine.progress(ADA)
    assert (after.quizzes, after.concepts, after.notes) == (before.quizzes, before.concepts, before.notes)
    assert "Nothing to review today." in after.notes and after.quizzes[0].text.endswith("questions seen: 3/3")


async def test_a_changed_question_comes_before_cards_overdue_for_weeks(
        content_dir: Path, fake_db: FakeDatabase, clock: FixedClock) -> None:
    """A learner back after weeks away: the question the author corrected yesterday still comes first (ordered by
    its last review, it came after everything due before it)."""
    engine = build_engine(ContentLibrary.load(content_dir), fake_db, clock)
    await play_collectives(engine, ONE_RIGHT)
    for card in fake_db.state.cards.values():  # the missed two overdue for three weeks, the third reviewed yesterday
        if card.question_id == "english-only":
            card.last_review, card.due = clock.now - timedelta(days=1), clock.now + timedelta(days=30)
        else:
            card.due = clock.now - timedelta(days=21)
    change_answer(content_dir, "english-only", "ethernet")
    assert (await engine.reload(ADMIN)).ok
    assert (await review_round(engine))[0] == "collectives/english-only"


async def test_progress_counts_what_is_due_when_a_reload_changed_every_question_seen(
        content_dir: Path, fake_db: FakeDatabase, clock: FixedClock) -> None:
    """With no question seen left, /progress showed no quiz, and with it left out what /review offered."""
    engine = build_engine(ContentLibrary.load(content_dir), fake_db, clock)
    await play_collectives(engine, ONE_RIGHT)
    for question_id in ONE_RIGHT:
        edit_question(content_dir, question_id, lambda q: q["prompt"].update(en=q["prompt"]["en"] + " (revised)"))
    assert (await engine.reload(ADMIN)).ok
    progress = await engine.progress(ADA)
    assert not progress.quizzes  # nothing seen since the change
    assert "3 questions to review today." in progress.notes


async def test_options_whose_texts_an_author_swapped_keeping_the_answer_make_a_changed_question(
        content_dir: Path, fake_db: FakeDatabase, clock: FixedClock) -> None:
    """The answer's id still named the option, but the option now says what a wrong one said: the learner's card
    kept its schedule (the question's hash took the options' texts apart from their ids), so the answer they
    learned stood against the one now served."""
    engine = build_engine(ContentLibrary.load(content_dir), fake_db, clock)
    await play_collectives(engine, {question_id: True for question_id in ONE_RIGHT})
    swap_option_texts(content_dir, "sum-everywhere", "all-reduce", "broadcast")
    assert (await engine.reload(ADMIN)).ok
    progress = await engine.progress(ADA)
    assert "1 question to review today." in progress.notes, progress.notes
    assert progress.quizzes[0].text.endswith("questions seen: 2/3")
    assert await review_round(engine) == ["collectives/sum-everywhere"]  # the others, unchanged, are not due
