"""The composition root: settings in, a ready engine out. Nothing here runs at import time."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass
from datetime import UTC, datetime

from sqlalchemy.ext.asyncio import AsyncEngine

from adapters.settings import Settings
from bot.admins import AdminPolicy
from bot.content.library import ContentLibrary
from bot.engine import QuizEngine
from bot.i18n import UiTexts
from storage.database import create_engine
from storage.migrate import upgrade_to_head
from storage.unit_of_work import unit_of_work_factory


def utc_now() -> datetime:
    return datetime.now(UTC)


@dataclass(frozen=True)
class Services:
    settings: Settings
    engine: QuizEngine
    database: AsyncEngine


@asynccontextmanager
async def open_services(settings: Settings, *, clock: Callable[[], datetime] = utc_now,
                        rng: random.Random | None = None) -> AsyncIterator[Services]:
    """Load content (raising ContentError if invalid), migrate the database, build the engine."""
    library = ContentLibrary.load(settings.content_dir)
    texts = UiTexts.load(settings.locales_dir)
    database = create_engine(settings.resolved_database_url)
    try:
        await upgrade_to_head(database)
        engine = QuizEngine(
            library=library,
            unit_of_work=unit_of_work_factory(database, clock),
            texts=texts,
            admins=AdminPolicy({"telegram": set(settings.telegram_admins),
                                "discord": set(settings.discord_admins)}),
            clock=clock,
            rng=rng or random.Random(),
            question_limit=settings.question_limit,
        )
        yield Services(settings=settings, engine=engine, database=database)
    finally:
        await database.dispose()
