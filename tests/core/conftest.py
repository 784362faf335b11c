"""The engine wired to in-memory fakes: a fixed clock, a seeded random generator, fake storage."""

from __future__ import annotations

import random
import shutil
from pathlib import Path

import pytest

from bot.admins import AdminPolicy
from bot.content.library import ContentLibrary
from bot.engine import QuizEngine
from bot.i18n import UiTexts
from tests.fakes.clock import FixedClock
from tests.fakes.storage import FakeDatabase

ADMIN_ID = "admin-1"


@pytest.fixture
def content_dir(tmp_path: Path, fixture_content: Path) -> Path:
    """A private copy of the test quizzes, which a test may edit before a reload."""
    copy = tmp_path / "content"
    shutil.copytree(fixture_content, copy)
    return copy


@pytest.fixture
def fake_db() -> FakeDatabase:
    return FakeDatabase()


@pytest.fixture
def clock() -> FixedClock:
    return FixedClock()


@pytest.fixture
def library(content_dir: Path) -> ContentLibrary:
    return ContentLibrary.load(content_dir)


def build_engine(library: ContentLibrary, fake_db: FakeDatabase, clock: FixedClock, seed: int = 1,
                 texts: UiTexts | None = None) -> QuizEngine:
    return QuizEngine(library=library, unit_of_work=fake_db.unit_of_work, texts=texts or UiTexts({}),
                      admins=AdminPolicy({"telegram": {ADMIN_ID}}), clock=clock, rng=random.Random(seed))


@pytest.fixture
def engine(library: ContentLibrary, fake_db: FakeDatabase, clock: FixedClock) -> QuizEngine:
    return build_engine(library, fake_db, clock)
