"""A welcome (Telegram's /start, the terminal's start-up) of a learner with questions due says how many and to
review them (before: nothing of them), counted as /progress counts what is due today; a new learner's, and one
with nothing due, says nothing of review."""

from __future__ import annotations

from datetime import timedelta

from bot.content.library import ContentLibrary
from bot.replies import Actor
from tests.core.review_play import ADA, ALL_WRONG, play_collectives, review_round
from tests.core.wiring import build_engine
from tests.fakes.clock import FixedClock
from tests.fakes.storage import FakeDatabase

DAY = timedelta(days=1)


async def test_a_welcome_says_how_many_questions_are_due_for_review(
        library: ContentLibrary, fake_db: FakeDatabase, clock: FixedClock) -> None:
    engine = build_engine(library, fake_db, clock)
    newcomer = await engine.profile(Actor("telegram", "newcomer", chat_id="chat-newcomer"), with_due=True)
    assert newcomer.due_for_review == 0 and newcomer.due_note is None

    await play_collectives(engine, ALL_WRONG)
    not_yet = await engine.profile(ADA, with_due=True)  # missed today: due tomorrow
    assert not_yet.due_for_review == 0 and not_yet.due_note is None

    clock.advance(DAY)
    welcome = await engine.profile(ADA, with_due=True)
    assert welcome.due_for_review == 3 and welcome.due_note == "3 questions are due for review: send /review."
    assert "3 questions to review today." in (await engine.progress(ADA)).notes  # the same count
    assert (await engine.profile(ADA)).due_note is None  # /help's profile: nothing counted for it

    assert len(await review_round(engine)) == 3
    done = await engine.profile(ADA, with_due=True)
    assert done.due_for_review == 0 and done.due_note is None

