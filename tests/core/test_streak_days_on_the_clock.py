"""A learner's days are the days on their clock when they played: changing time zone later recounts nothing."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from bot.engine import QuizEngine
from bot.progress_replies import Progress
from bot.replies import Actor
from tests.core.games_play import ADA, begun_by_ada_alone, vote
from tests.core.play import answer, start
from tests.fakes.clock import FixedClock
from tests.fakes.game_stage import RecordingStage
from tests.fakes.storage import FakeDatabase

KEIKO = Actor("telegram", "keiko", language_hint="en")
# Ten days in Tokyo (UTC+9), from 2026-01-01: one answer a day, at 23:00 and 07:00 local in turn. In Lagos (UTC+1)
# or New York a late answer and the next morning's are one day: 15:00 and 23:00 there.
FIRST_DAY = datetime(2026, 1, 1, tzinfo=UTC)
TOKYO = timedelta(hours=9)


async def _ten_days_in_tokyo(engine: QuizEngine, clock: FixedClock) -> None:
    assert not (await engine.set_time_zone(KEIKO, "Asia/Tokyo")).is_error
    for day in range(10):
        clock.now = FIRST_DAY + timedelta(days=day, hours=23 if day % 2 == 0 else 7) - TOKYO
        await answer(engine, KEIKO, await start(engine, KEIKO), right=True)
        await engine.stop(KEIKO)


def _streak_and_chart(progress: Progress) -> tuple[tuple[str, ...], list[int]]:
    assert progress.chart is not None
    return tuple(note for note in progress.notes if note.startswith("Streak")), \
        [count for _day, count in progress.chart.days[-10:]]


async def test_a_streak_played_in_tokyo_stays_whole_after_moving_to_lagos_or_new_york(
        engine: QuizEngine, clock: FixedClock) -> None:
    await _ten_days_in_tokyo(engine, clock)
    # Noon of the tenth day: the same day in Lagos, still the ninth in New York (the tenth, lived, counts there too).
    clock.now = FIRST_DAY + timedelta(days=9, hours=12) - TOKYO
    played = (("Streak: 10 days in a row.",), [1] * 10)
    assert _streak_and_chart(await engine.progress(KEIKO)) == played
    for elsewhere in ("Africa/Lagos", "America/New_York"):
        assert not (await engine.set_time_zone(KEIKO, elsewhere)).is_error
        # It was "Streak: 2 days in a row." over 2, 0, 2, 0...: the days recounted on the new clock.
        assert _streak_and_chart(await engine.progress(KEIKO)) == played, elsewhere
    assert not (await engine.set_time_zone(KEIKO, "Asia/Tokyo")).is_error
    assert _streak_and_chart(await engine.progress(KEIKO)) == played


async def test_a_day_played_ahead_of_the_new_clock_still_counts_today(engine: QuizEngine, clock: FixedClock) -> None:
    """Moved west: the tenth day's answer in Tokyo is on a day New York has not reached yet."""
    await _ten_days_in_tokyo(engine, clock)
    clock.advance(timedelta(hours=1))  # 08:00 of the tenth day in Tokyo: 18:00 of the ninth in New York
    assert not (await engine.set_time_zone(KEIKO, "America/New_York")).is_error
    assert "Streak: 10 days in a row." in (await engine.progress(KEIKO)).notes


async def test_a_group_games_answer_counts_on_its_players_day_too(engine: QuizEngine, clock: FixedClock,
                                                                   fake_db: FakeDatabase) -> None:
    """A game's answer is a review of the player's card (bot/usecases/games/play.py) logged with their clock."""
    assert not (await engine.set_time_zone(ADA, "Asia/Tokyo")).is_error
    stage = RecordingStage()
    await begun_by_ada_alone(engine, stage)
    assert (await vote(engine, stage, ADA, right=True)).counted
    assert [review.utc_offset_minutes for review in fake_db.state.reviews.values()] == [9 * 60]
