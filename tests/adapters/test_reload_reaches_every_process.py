"""Two processes' services on one SQLite file, as `quiztutor run` serves them: an admin's /reload in one reaches
the other through the database, on its content follower's next look."""

from __future__ import annotations

import asyncio
import shutil
from pathlib import Path

from adapters.serving import serving
from bot.engine import QuizEngine
from bot.replies import Actor
from tests.support.content import remove_question
from tests.support.engine_on_sqlite import services_on_sqlite

ROOT = Actor("telegram", "root")


async def _level_of(engine: QuizEngine, quiz_id: str) -> str:
    """What the quiz list says of the quiz, such as "Medium · 3 questions"."""
    listing = await engine.list_quizzes(ROOT)
    return next(entry.level for entry in listing.entries if entry.quiz_id == quiz_id)


async def test_a_reload_in_one_process_reaches_the_other_within_its_follow_interval(
        tmp_path: Path, content_dir: Path) -> None:
    async with services_on_sqlite(tmp_path / "data", content_dir) as here, \
            services_on_sqlite(tmp_path / "data", content_dir) as there:
        here.engine.allow_admin("telegram", "root")
        async with serving(there.engine, [], content_interval=0.05):
            assert (await _level_of(there.engine, "collectives")).endswith("3 questions")
            remove_question(content_dir, "shards-to-full")
            report = await here.engine.reload(ROOT)
            assert report.ok, report.summary
            for _ in range(100):
                if (await _level_of(there.engine, "collectives")).endswith("2 questions"):
                    break
                await asyncio.sleep(0.02)
            assert (await _level_of(there.engine, "collectives")).endswith("2 questions")


async def test_a_process_started_after_a_reload_keeps_the_files_it_was_deployed_with(
        tmp_path: Path, content_dir: Path) -> None:
    async with services_on_sqlite(tmp_path / "data", content_dir) as here:
        here.engine.allow_admin("telegram", "root")
        remove_question(content_dir, "shards-to-full")
        assert (await here.engine.reload(ROOT)).ok  # the database now names content with 2 questions
    deployed_dir = tmp_path / "release-2"
    shutil.copytree(content_dir, deployed_dir)
    remove_question(deployed_dir, "english-only")  # the next release: 1 question
    async with services_on_sqlite(tmp_path / "data", deployed_dir) as deployed:
        assert await deployed.engine.follow_content() is None
        assert (await _level_of(deployed.engine, "collectives")).endswith("1 question")
