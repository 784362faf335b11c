"""A reload after a quiz file was renamed: the quizzes are listed in their files' order, so a new name can move a
quiz in the list learners pick from (by number: `quiz 2`). The admin is told, not "Nothing changed"."""

from __future__ import annotations

from pathlib import Path

from bot.engine import QuizEngine
from bot.replies import Actor
from tests.core.wiring import ADMIN_ID

ADMIN = Actor("telegram", ADMIN_ID)
LEARNER = Actor("telegram", "ann")


async def listed(engine: QuizEngine) -> list[str]:
    return [entry.quiz_id for entry in (await engine.list_quizzes(LEARNER)).entries]


async def test_a_rename_that_moves_a_quiz_in_the_list_is_reported(engine: QuizEngine, content_dir: Path) -> None:
    assert await listed(engine) == ["collectives", "long-options"]
    quizzes = content_dir / "quizzes"
    (quizzes / "collectives.yaml").rename(quizzes / "z-collectives.yaml")
    report = await engine.reload(ADMIN)
    assert await listed(engine) == ["long-options", "collectives"]  # what `quiz 1` starts is another quiz now
    assert report.ok and report.summary.endswith("The quizzes' order changed."), report.summary
    assert "Nothing changed" not in report.summary


async def test_a_rename_that_keeps_the_order_changes_nothing(engine: QuizEngine, content_dir: Path) -> None:
    quizzes = content_dir / "quizzes"
    (quizzes / "collectives.yaml").rename(quizzes / "a-collectives.yaml")
    assert (await engine.reload(ADMIN)).summary.endswith("Nothing changed since the last load.")
    assert await listed(engine) == ["collectives", "long-options"]
