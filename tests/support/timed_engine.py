"""The engine as `quiztutor run` opens it on a test's database (SQLite or PostgreSQL), questions timed, one admin
allowed: for tests that reload content under a learner's open question and let its time run out."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from datetime import datetime
from pathlib import Path

from adapters.runtime import open_services
from adapters.settings import Settings
from bot.engine import QuizEngine
from bot.replies import Actor


@asynccontextmanager
async def timed_engine(data_dir: Path, content_dir: Path, database_url: str, clock: Callable[[], datetime], *,
                       question_seconds: int, admin: Actor) -> AsyncIterator[QuizEngine]:
    settings = Settings(data_dir=data_dir, content_dir=content_dir, database_url=database_url,
                        question_seconds=question_seconds)
    async with open_services(settings, clock=clock) as services:
        services.engine.allow_admin(admin.platform, admin.user_id)
        yield services.engine
