"""What start-up loads is kept out of the garbage collector's walk while the services serve (a measured saving
of CPU per answer, benchmarks/README.md), and handed back when they close."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from pathlib import Path

import pytest

from adapters.runtime import open_services
from adapters.settings import Settings


@pytest.fixture(autouse=True)
def nothing_frozen_before() -> Iterator[None]:
    gc.unfreeze()  # whatever an earlier test left: these tests count from zero
    yield
    gc.unfreeze()


async def test_the_services_start_up_objects_are_frozen_while_serving_and_released_after(
        tmp_path: Path, content_dir: Path) -> None:
    async with open_services(Settings(data_dir=tmp_path, content_dir=content_dir)):
        # The quizzes, the texts, SQLAlchemy's tables and compiled statements, the modules...
        assert gc.get_freeze_count() > 10_000
    assert gc.get_freeze_count() == 0  # collectable again: nothing of closed services stays hidden


async def test_services_opened_inside_others_leave_them_frozen_when_they_close(
        tmp_path: Path, content_dir: Path) -> None:
    async with open_services(Settings(data_dir=tmp_path / "a", content_dir=content_dir)):
        async with open_services(Settings(data_dir=tmp_path / "b", content_dir=content_dir)):
            pass
        assert gc.get_freeze_count() > 10_000  # the outer services still serve, still frozen
    assert gc.get_freeze_count() == 0
