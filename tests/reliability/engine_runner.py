"""A real engine on a real database for a Hypothesis state machine: opened as the process opens it, run on an
event loop of its own, closed and opened again on the same database for a restart."""

from __future__ import annotations

import asyncio
import random
import shutil
import tempfile
from collections.abc import Coroutine
from contextlib import AsyncExitStack
from datetime import timedelta
from pathlib import Path
from typing import Any, TypeVar

from bot.admins import AdminPolicy
from bot.content.library import ContentLibrary
from bot.engine import QuizEngine
from storage.database import sqlite_url
from storage.unit_of_work import unit_of_work_factory
from tests.conftest import FIXTURE_CONTENT
from tests.fakes.clock import FixedClock
from tests.reliability import engine_model as model

T = TypeVar("T")


class EngineRunner:
    limit: timedelta | None = None  # how long a learner has for each question

    def __init__(self, database_url: str | None = None) -> None:
        self.loop = asyncio.new_event_loop()
        self.folder = Path(tempfile.mkdtemp(prefix="quiz-state-"))
        self.database_url = database_url or sqlite_url(self.folder)  # a SQLite file of its own unless given one
        self.clock = FixedClock()
        self.content = self.folder / "content"  # a copy of the fixture quizzes, for a machine to edit and reload
        shutil.copytree(FIXTURE_CONTENT, self.content)
        self.catalog = ContentLibrary.load(self.content).catalog
        self.stack: AsyncExitStack | None = None
        self.opened = 0  # each process draws other session ids: one seeded the same twice would repeat them
        self.engine = self._open()

    def run(self, coroutine: Coroutine[Any, Any, T]) -> T:
        return self.loop.run_until_complete(coroutine)

    def _open(self) -> QuizEngine:
        """The process's start-up as adapters.runtime.open_services does it, with the bot's words read once."""
        self.stack = AsyncExitStack()
        self.opened += 1
        self.database = self.run(model.opened_database(self.database_url))
        self.stack.push_async_callback(self.database.dispose)
        unit_of_work = unit_of_work_factory(self.database, self.clock)
        self.stack.push_async_callback(unit_of_work.close)  # first, as open_services closes them
        return QuizEngine(library=ContentLibrary.load(self.content), unit_of_work=unit_of_work,
                          texts=model.shipped_texts(), admins=AdminPolicy(), clock=self.clock,
                          rng=random.Random(self.opened), question_limit=self.limit,
                          link_batches=unit_of_work.single_writer)

    def reopen(self) -> None:
        """A restart: close everything, then open the same database again."""
        assert self.stack is not None
        self.run(self.stack.aclose())
        self.engine = self._open()

    def teardown(self) -> None:
        try:
            if self.stack is not None:
                self.run(self.stack.aclose())
        finally:
            self.loop.close()
            shutil.rmtree(self.folder, ignore_errors=True)
