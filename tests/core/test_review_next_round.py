"""Where a review round answered all right leads: while more questions are due today, to the next round, saying
how many (before: "Send /quizzes to choose a quiz", with more due); once none are, to a quiz as before. Counted as
/progress counts what is due today, so the two never disagree."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

from bot.content.library import ContentLibrary
from bot.engine import QuizEngine
from bot.i18n import UiTexts
from bot.replies import QuestionView, Started, Summary
from tests.core.play import answer, next_question, start
from tests.core.review_play import ADA
from tests.core.wiring import build_engine
from tests.fakes.clock import FixedClock
from tests.fakes.storage import FakeDatabase
from tests.support.next_step import NEXT_STEP

ROOT = Path(__file__).resolve().parents[2]
DAY = timedelta(days=1)


async def miss(engine: QuizEngine, quiz_id: str, count: int) -> None:
    """The first ``count`` questions of the quiz answered wrong (its last ones left unanswered)."""
    question = await start(engine, ADA, quiz_id)
    for number in range(1, count + 1):
        outcome = await answer(engine, ADA, question, right=False)
        if number < count:
            question = next_question(outcome)


async def perfect_round(engine: QuizEngine) -> Summary:
    """A /review round answered all right: its summary."""
    started = await engine.review(ADA)
    assert isinstance(started, Started), started
    shown: QuestionView | Summary = started.question
    while isinstance(shown, QuestionView):
        shown = (await answer(engine, ADA, shown, right=True)).next
    return shown


async def due_in_progress(engine: QuizEngine) -> str:
    """What /progress says is due today."""
    return next(note for note in (await engine.progress(ADA)).notes if "review today" in note)


async def test_a_perfect_round_with_more_due_today_says_how_many_and_to_send_review(
        fake_db: FakeDatabase, clock: FixedClock) -> None:
    engine = build_engine(ContentLibrary.load(ROOT / "content"), fake_db, clock)  # the seed quizzes
    await miss(engine, "data-parallelism", 8)
    await miss(engine, "fsdp", 5)  # 13 missed: a round holds 10
    clock.advance(3 * DAY)

    first = await perfect_round(engine)
    assert first.total == 10 and first.missed == 0 and first.retry_offer is None
    assert first.more_due == 3
    assert first.next_step == "3 more questions are due today: send /review for the next round."
    assert await due_in_progress(engine) == "3 questions to review today."  # the same count

    last = await perfect_round(engine)
    assert last.total == 3 and last.more_due == 0 and last.next_step == NEXT_STEP  # none left: a quiz, as before
    assert await due_in_progress(engine) == "Nothing to review today."


async def test_one_more_due_is_said_in_the_singular_and_in_the_learners_language(
        fake_db: FakeDatabase, clock: FixedClock) -> None:
    engine = build_engine(ContentLibrary.load(ROOT / "content"), fake_db, clock,
                          texts=UiTexts.load(ROOT / "content" / "locales"))
    await engine.set_language(ADA, "sw")
    await miss(engine, "data-parallelism", 8)
    await miss(engine, "fsdp", 3)
    clock.advance(3 * DAY)
    summary = await perfect_round(engine)
    sw = engine.localizer_for("sw")
    assert summary.more_due == 1
    assert summary.next_step == sw.ngettext("{n} more question is due today: send /review for the next round.",
                                            "{n} more questions are due today: send /review for the next round.", 1)
    assert summary.next_step.startswith("Swali 1 zaidi"), summary.next_step  # translated, not English


async def test_a_round_with_a_miss_offers_its_retry_and_counts_nothing_more(
        fake_db: FakeDatabase, clock: FixedClock) -> None:
    """The retry is that round's next step, as before: no count is read for it."""
    engine = build_engine(ContentLibrary.load(ROOT / "content"), fake_db, clock)
    await miss(engine, "data-parallelism", 8)
    await miss(engine, "fsdp", 3)
    clock.advance(3 * DAY)
    started = await engine.review(ADA)
    assert isinstance(started, Started)
    shown: QuestionView | Summary = started.question
    while isinstance(shown, QuestionView):
        shown = (await answer(engine, ADA, shown, right=shown.number > 1)).next
    assert shown.missed == 1 and shown.retry_offer and shown.next_step is None and shown.more_due == 0
