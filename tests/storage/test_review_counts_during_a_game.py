"""What the reminder and /progress count as due is what /review offers at that moment, on a real database: while
the learner plays a quiz in a live group game, that quiz's questions wait, and are counted nowhere."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

from adapters.runtime import open_services
from adapters.settings import Settings
from bot.replies import Started
from tests.core.games_play import ADA, open_with_three
from tests.core.play import missed_all, reminder_pass_on
from tests.fakes.clock import FixedClock
from tests.fakes.game_stage import RecordingStage


async def test_the_reminder_and_progress_count_what_review_offers_while_a_game_holds_a_quiz(
        tmp_path: Path, fixture_content: Path, database_url: str) -> None:
    """With Collectives (3 due) held by a live game and Long options (1 due) not, the reminder said "4 questions
    are ready for review" and /progress "4 questions to review today", and /review then offered 1."""
    clock = FixedClock()
    settings = Settings(data_dir=tmp_path, content_dir=fixture_content, database_url=database_url)
    async with open_services(settings, clock=clock) as services:
        engine = services.engine
        await engine.set_reminders(ADA, "on 08:00")
        await missed_all(engine, ADA, "collectives")
        await missed_all(engine, ADA, "long-options")
        clock.advance(timedelta(days=3))
        await open_with_three(engine, RecordingStage())

        _claimed, reminders = await reminder_pass_on(engine, "telegram", per_second=1000)
        assert [reminder.due for reminder in reminders] == [1], reminders
        assert "1 question is ready for review." in reminders[0].text
        assert "1 question to review today." in (await engine.progress(ADA)).notes
        started = await engine.review(ADA)
        assert isinstance(started, Started) and started.question.total == 1
