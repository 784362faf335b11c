"""Spaced review across content reloads, on a real database: a question removed and then brought back."""

from __future__ import annotations

import shutil
from datetime import timedelta
from pathlib import Path

from adapters.runtime import open_services
from adapters.settings import Settings
from bot.replies import Actor
from tests.core.review_play import ADA, ALL_WRONG, play_collectives, review_round
from tests.fakes.clock import FixedClock
from tests.support.content import remove_question

ADMIN = Actor("telegram", "admin-1")


async def test_a_question_removed_then_brought_back_comes_back_for_review(
        tmp_path: Path, fixture_content: Path, database_url: str) -> None:
    """Met among the due questions while a reload had removed it, its card was put aside for good: once the
    question was back, /progress showed it fading week after week, and /review never asked it again."""
    content = tmp_path / "content"
    shutil.copytree(fixture_content, content)
    quiz_file = content / "quizzes" / "collectives.yaml"
    original = quiz_file.read_text(encoding="utf-8")
    clock = FixedClock()
    settings = Settings(data_dir=tmp_path, content_dir=content, database_url=database_url)
    async with open_services(settings, clock=clock) as services:
        engine = services.engine
        engine.allow_admin(ADMIN.platform, ADMIN.user_id)
        await play_collectives(engine, ALL_WRONG)
        remove_question(content, "sum-everywhere")
        assert (await engine.reload(ADMIN)).ok
        clock.advance(timedelta(days=2))
        assert await review_round(engine) == ["collectives/shards-to-full", "collectives/english-only"]

        quiz_file.write_text(original, encoding="utf-8")  # the author puts it back
        assert (await engine.reload(ADMIN)).ok
        clock.advance(timedelta(days=1))
        assert "1 question to review today." in (await engine.progress(ADA)).notes
        assert await review_round(engine) == ["collectives/sum-everywhere"]
