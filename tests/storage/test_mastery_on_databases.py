"""Mastery per concept, as /progress shows it from a real database."""

from __future__ import annotations

import shutil
from pathlib import Path

from adapters.runtime import open_services
from adapters.settings import Settings
from tests.core.review_play import ADA, play_collectives
from tests.fakes.clock import FixedClock


async def test_a_question_that_names_its_concept_twice_counts_once(tmp_path: Path, fixture_content: Path,
                                                                    database_url: str) -> None:
    """``tags: [all-reduce, all-reduce]`` (the loader takes it) made one question seen read "questions seen: 2/2",
    and one answer weigh twice in its concept."""
    content = tmp_path / "content"
    shutil.copytree(fixture_content, content)
    quiz_file = content / "quizzes" / "collectives.yaml"
    text = quiz_file.read_text(encoding="utf-8")
    quiz_file.write_text(text.replace("tags: [all-reduce]", "tags: [all-reduce, all-reduce]", 1), encoding="utf-8")
    settings = Settings(data_dir=tmp_path, content_dir=content, database_url=database_url)
    async with open_services(settings, clock=FixedClock()) as services:
        await play_collectives(services.engine, {"sum-everywhere": True, "shards-to-full": False,
                                                 "english-only": False})
        concepts = {line.key: line.text for line in (await services.engine.progress(ADA)).concepts}
    assert concepts["all-reduce"].endswith("questions seen: 1/1")
