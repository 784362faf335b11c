"""/progress's heading agrees with what is shown below it: never "No results yet" over a chart of answers."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

from bot.engine import QuizEngine
from bot.replies import Actor
from tests.core.play import answer, start
from tests.core.wiring import ADMIN_ID
from tests.fakes.clock import FixedClock

ALICE = Actor("telegram", "alice", language_hint="en")
ADMIN = Actor("telegram", ADMIN_ID)


async def test_answers_of_a_removed_quiz_on_the_chart_are_results_under_the_heading(
        engine: QuizEngine, content_dir: Path, clock: FixedClock) -> None:
    await answer(engine, ALICE, await start(engine, ALICE), right=True)
    (content_dir / "quizzes" / "collectives.yaml").unlink()
    assert (await engine.reload(ADMIN)).ok
    clock.advance(timedelta(days=3))  # the streak is over: nothing else is left to show but the chart
    progress = await engine.progress(ALICE)
    assert progress.chart is not None and sum(count for _day, count in progress.chart.days) == 1
    assert progress.heading == "Your progress:"


async def test_answers_only_on_the_chart_are_said_in_words_too(
        engine: QuizEngine, content_dir: Path, clock: FixedClock) -> None:
    """The terminal draws no chart: "Your progress:" stood over nothing there."""
    for _question in range(2):
        await answer(engine, ALICE, await start(engine, ALICE), right=False)
    (content_dir / "quizzes" / "collectives.yaml").unlink()
    assert (await engine.reload(ADMIN)).ok
    clock.advance(timedelta(days=3))
    progress = await engine.progress(ALICE)
    assert not (progress.lines or progress.quizzes or progress.concepts)
    assert progress.notes == ("2 answers in the last 30 days.",)
