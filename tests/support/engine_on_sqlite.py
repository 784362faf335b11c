"""The engine on a real SQLite file in a test's folder, migrated to head: through the composition root as
`quiztutor play` opens it (services_on_sqlite), or wired by hand beside the units of work a test reads the database
with (engine_on_sqlite). Every option a test sets is a parameter; nothing else differs from the defaults."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from datetime import datetime
from pathlib import Path

from adapters.runtime import Services, open_services, utc_now
from adapters.settings import Settings
from bot.admins import AdminPolicy
from bot.content.library import ContentLibrary
from bot.engine import QuizEngine
from bot.i18n import UiTexts
from bot.ports import UnitOfWorkFactory
from content import default_content_dir
from storage.database import create_engine, sqlite_url
from storage.migrate import upgrade_to_head
from storage.unit_of_work import unit_of_work_factory


@asynccontextmanager
async def services_on_sqlite(data_dir: Path, content_dir: Path, *, seed: int | None = None,
                             clock: Callable[[], datetime] = utc_now,
                             question_seconds: int = 0) -> AsyncIterator[Services]:
    """open_services on a SQLite file in ``data_dir`` with the quizzes of ``content_dir``; ``seed``: the engine's
    random generator's (None: an unseeded one, as the bot's), ``question_seconds``: QUIZ_QUESTION_SECONDS."""
    settings = Settings(data_dir=data_dir, content_dir=content_dir, question_seconds=question_seconds)
    async with open_services(settings, clock=clock, rng=None if seed is None else random.Random(seed)) as services:
        yield services


@asynccontextmanager
async def engine_on_sqlite(data_dir: Path, content_dir: Path, clock: Callable[[], datetime], *,
                           admins: dict[str, set[str]], seed: int = 1
                           ) -> AsyncIterator[tuple[QuizEngine, UnitOfWorkFactory]]:
    """A QuizEngine on a SQLite file in ``data_dir`` (the shipped texts, ``admins`` as configured, ``seed`` for its
    random generator), and the units of work it writes through, for a test to look at what it stored."""
    database = create_engine(sqlite_url(data_dir))
    await upgrade_to_head(database)
    units = unit_of_work_factory(database, clock)
    try:
        yield (QuizEngine(library=ContentLibrary.load(content_dir), unit_of_work=units,
                          texts=UiTexts.load(default_content_dir() / "locales"), admins=AdminPolicy(admins),
                          clock=clock, rng=random.Random(seed)), units)
    finally:
        await database.dispose()
