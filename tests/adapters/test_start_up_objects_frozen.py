"""What start-up loads is kept out of the garbage collector's walk while the services serve (a measured saving
of CPU per answer, benchmarks/README.md), and handed back when they close."""

from __future__ import annotations

import gc
from pathlib import Path

from adapters.runtime import open_services
from adapters.settings import Settings


async def test_the_services_start_up_objects_are_frozen_while_serving_and_released_after(
        tmp_path: Path, content_dir: Path) -> None:
    gc.unfreeze()
    async with open_services(Settings(data_dir=tmp_path, content_dir=content_dir)):
        # The quizzes, the texts, SQLAlchemy's tables and compiled statements, the modules...
        assert gc.get_freeze_count() > 10_000
    assert gc.get_freeze_count() == 0  # collectable again: nothing of closed services stays hidden
