"""While the services serve, what start-up loaded is kept out of the garbage collector's walk and the collector
runs less often (measured savings of CPU per answer: benchmarks/README.md, "What was learned"); both are handed
back when they close."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from pathlib import Path

import pytest

from adapters.runtime import open_services
from adapters.settings import Settings

ALLOCATIONS = 25_000  # dozens of young collections' worth at CPython's default threshold (700), none while serving


@pytest.fixture(autouse=True)
def collector_as_python_starts() -> Iterator[None]:
    gc.unfreeze()  # whatever an earlier test left: these tests count from zero
    thresholds = gc.get_threshold()
    gc.set_threshold(700, 10, 10)
    yield
    gc.set_threshold(*thresholds)
    gc.unfreeze()


def young_collections_while_allocating() -> int:
    """How many young collections run while ALLOCATIONS objects the collector tracks are made and kept."""
    gc.collect(0)  # from an empty young generation: what this counts does not hang on what came before
    before = gc.get_stats()[0]["collections"]
    kept: list[list[object]] = [[] for _ in range(ALLOCATIONS)]
    ran = gc.get_stats()[0]["collections"] - before
    del kept
    return ran


async def test_the_services_start_up_objects_are_frozen_while_serving_and_released_after(
        tmp_path: Path, content_dir: Path) -> None:
    async with open_services(Settings(data_dir=tmp_path, content_dir=content_dir)):
        # The quizzes, the texts, SQLAlchemy's tables and compiled statements, the modules...
        assert gc.get_freeze_count() > 10_000
    assert gc.get_freeze_count() == 0  # collectable again: nothing of closed services stays hidden


async def test_the_collector_runs_less_often_while_serving_and_as_before_after(
        tmp_path: Path, content_dir: Path) -> None:
    async with open_services(Settings(data_dir=tmp_path, content_dir=content_dir)):
        assert young_collections_while_allocating() == 0
    assert young_collections_while_allocating() >= ALLOCATIONS // 700 // 2  # every tenth is a middle one, counted there
    assert gc.get_threshold() == (700, 10, 10)


async def test_services_opened_inside_others_leave_them_as_they_are_when_they_close(
        tmp_path: Path, content_dir: Path) -> None:
    async with open_services(Settings(data_dir=tmp_path / "a", content_dir=content_dir)):
        serving = gc.get_threshold()
        async with open_services(Settings(data_dir=tmp_path / "b", content_dir=content_dir)):
            pass
        assert gc.get_freeze_count() > 10_000  # the outer services still serve, still frozen
        assert gc.get_threshold() == serving
    assert gc.get_freeze_count() == 0
    assert gc.get_threshold() == (700, 10, 10)
