"""A reminder says how many questions are due as /progress and /review say it. It counted 100 at most: a learner
back from a holiday with 120 due read "100 questions are ready for review", then "120 questions to review today"
in /progress and "Review: 120 questions are due" in /review."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

from bot.content.library import ContentLibrary
from bot.replies import Started
from tests.core.play import missed_all
from tests.core.review_play import ADA, reminder_pass
from tests.core.wiring import build_engine
from tests.fakes.clock import FixedClock
from tests.fakes.storage import FakeDatabase

QUESTIONS = 120


def _many_questions(content_dir: Path) -> None:
    lines = ["id: many", "difficulty: easy", "tags: [many]", "title: {en: Many}", "description: {en: Many.}",
             "questions:"]
    for number in range(QUESTIONS):
        lines += [f"  - id: q{number}", "    answer: b", f"    prompt: {{en: \"Question number {number}?\"}}",
                  "    options:", "      - {id: a, text: {en: A}}", "      - {id: b, text: {en: B}}",
                  "    explanation: {en: B it is.}"]
    (content_dir / "quizzes" / "many.yaml").write_text("\n".join(lines) + "\n", encoding="utf-8")


async def test_a_reminder_counts_all_that_is_due(content_dir: Path, fake_db: FakeDatabase, clock: FixedClock) -> None:
    _many_questions(content_dir)
    engine = build_engine(ContentLibrary.load(content_dir), fake_db, clock)
    await engine.set_reminders(ADA, "on 19:00")
    await missed_all(engine, ADA, "many")  # Monday: all due on Tuesday
    clock.now = datetime(2026, 1, 6, 19, 1, tzinfo=UTC)
    assert f"{QUESTIONS} questions to review today." in (await engine.progress(ADA)).notes
    started = await engine.review(ADA)
    assert isinstance(started, Started) and started.intro.startswith(f"Review: {QUESTIONS} questions are due.")
    reminders = (await reminder_pass(engine))[1]
    assert [reminder.due for reminder in reminders] == [QUESTIONS]  # before: 100
    assert reminders[0].text.startswith(f"{QUESTIONS} questions are ready for review.")
