"""The engine wired to in-memory fakes: a fixed clock, a seeded random generator, fake storage."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.content.library import ContentLibrary
from bot.engine import QuizEngine
from tests.core.wiring import QUESTION_LIMIT, build_engine
from tests.fakes.clock import FixedClock
from tests.fakes.storage import FakeDatabase


@pytest.fixture
def fake_db() -> FakeDatabase:
    return FakeDatabase()


@pytest.fixture
def library(content_dir: Path) -> ContentLibrary:
    return ContentLibrary.load(content_dir)


@pytest.fixture
def engine(library: ContentLibrary, fake_db: FakeDatabase, clock: FixedClock) -> QuizEngine:
    return build_engine(library, fake_db, clock)


@pytest.fixture
def timed(library: ContentLibrary, fake_db: FakeDatabase, clock: FixedClock) -> QuizEngine:
    """The engine with QUESTION_LIMIT (30 seconds) per question."""
    return build_engine(library, fake_db, clock, question_limit=QUESTION_LIMIT)
