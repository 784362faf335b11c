"""The engine wired to fakes, for tests that need more than one engine or their own texts."""

from __future__ import annotations

import random
from datetime import timedelta

from bot.admins import AdminPolicy
from bot.content.library import ContentLibrary
from bot.engine import QuizEngine
from bot.i18n import UiTexts
from tests.fakes.clock import FixedClock
from tests.fakes.storage import FakeDatabase

ADMIN_ID = "admin-1"
QUESTION_LIMIT = timedelta(seconds=30)  # the `timed` fixture's (tests/core/conftest.py): seconds per question


def build_engine(library: ContentLibrary, fake_db: FakeDatabase, clock: FixedClock, seed: int = 1,
                 texts: UiTexts | None = None, question_limit: timedelta | None = None,
                 content_reloaded_before: str | None = None) -> QuizEngine:
    return QuizEngine(library=library, unit_of_work=fake_db.unit_of_work, texts=texts or UiTexts({}),
                      admins=AdminPolicy({"telegram": {ADMIN_ID}}), clock=clock, rng=random.Random(seed),
                      question_limit=question_limit, content_reloaded_before=content_reloaded_before,
                      link_batches=True)  # as on SQLite: the engine's tests take the batched path
