"""The composition root: settings in, a ready engine out. Nothing here runs at import time."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator, Callable, Iterator
from contextlib import asynccontextmanager, contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime

from sqlalchemy.ext.asyncio import AsyncEngine

from adapters.heap import collector_for_serving
from adapters.settings import Settings
from bot.admins import AdminPolicy
from bot.content.library import ContentLibrary
from bot.engine import QuizEngine
from bot.i18n import UiTexts
from bot.metrics import Metrics, NullMetrics
from bot.ports import UnitOfWorkFactory
from storage.database import create_engine
from storage.errors import DatabaseUnavailable, describe
from storage.held_lock import LockHeld
from storage.migrate import MIGRATION_TRY_MS, MigrationWaitTimedOut, require_head, upgrade_to_head
from storage.server_timeouts import SERVING, UNLIMITED, ServerTimeouts
from storage.unit_of_work import UnitsOfWork, unit_of_work_factory


def utc_now() -> datetime:
    return datetime.now(UTC)


@dataclass(frozen=True)
class Services:
    settings: Settings
    engine: QuizEngine
    database: AsyncEngine


@asynccontextmanager
async def open_services(settings: Settings, *, clock: Callable[[], datetime] = utc_now,
                        rng: random.Random | None = None, metrics: Metrics | None = None) -> AsyncIterator[Services]:
    """Load content (raising ContentError if invalid), then migrate the database (raising DatabaseUnavailable if
    it can't be used), build the engine; ``metrics`` count what the engine, storage and adapters do."""
    texts = UiTexts.load(settings.locales_dir)
    # Before any migration: a release whose content is invalid exits 3 leaving the schema as it was, which the
    # older release's replicas on the same database still serve.
    library = ContentLibrary.load(settings.content_dir)
    database = await _open_database(settings.resolved_database_url, settings.database_pool_size,
                                    migration_wait=settings.migration_wait_seconds)
    metrics = metrics or NullMetrics()
    unit_of_work: UnitsOfWork | None = None
    try:
        unit_of_work = unit_of_work_factory(database, clock, metrics=metrics)
        reloaded_before = await _content_reloaded(unit_of_work, settings.resolved_database_url)
        if reloaded_before not in (None, library.catalog.fingerprint):
            # The reload passed over must be one stored before the files were read: it is in them, or the deploy
            # that brought them replaced it. Another than the files hold may be newer than that reading: read again.
            library = ContentLibrary.load(settings.content_dir)
        engine = QuizEngine(
            library=library,
            unit_of_work=unit_of_work,
            texts=texts,
            admins=AdminPolicy(settings.admins()),
            clock=clock,
            rng=rng or random.Random(),
            question_limit=settings.question_limit,
            metrics=metrics,
            content_reloaded_before=reloaded_before,
            link_batches=unit_of_work.single_writer,  # PostgreSQL spreads links over its pool instead
            shared_unit_of_work=unit_of_work.shared,
        )
        with collector_for_serving():
            yield Services(settings=settings, engine=engine, database=database)
    finally:
        try:
            if unit_of_work is not None:  # first: an event handler still running must not reopen the database
                await unit_of_work.close()
        finally:
            await database.dispose()


@asynccontextmanager
async def open_storage(settings: Settings, *, clock: Callable[[], datetime] = utc_now, migrate: bool = True,
                       timeouts: ServerTimeouts = SERVING) -> AsyncIterator[UnitOfWorkFactory]:
    """The database alone, opened and migrated as open_services does: no content, texts or engine. Without
    ``migrate`` (for commands that only read it: stats) a schema not up to date raises SchemaNotCurrent, wrapped
    in DatabaseUnavailable, and nothing is changed. ``timeouts``: how long a database server's transactions may
    take (storage/server_timeouts.py): a command's long read may need more than serving allows."""
    database = await _open_database(settings.resolved_database_url, settings.database_pool_size, migrate,
                                    timeouts, migration_wait=settings.migration_wait_seconds)
    unit_of_work: UnitsOfWork | None = None
    try:
        unit_of_work = unit_of_work_factory(database, clock)
        yield unit_of_work
    finally:
        try:
            if unit_of_work is not None:
                await unit_of_work.close()
        finally:
            await database.dispose()


async def _content_reloaded(unit_of_work: UnitOfWorkFactory, url: str) -> str | None:
    """The fingerprint of the content an admin last reloaded, in any process; None if never. A database that
    fails this first read is DatabaseUnavailable, as one that fails to open."""
    with unavailable_if_failing(url):
        async with unit_of_work() as uow:
            return await uow.content.fingerprint()


async def _open_database(url: str, pool_size: int, migrate: bool = True, timeouts: ServerTimeouts = SERVING, *,
                         migration_wait: float) -> AsyncEngine:
    """The database at the current schema (brought there if ``migrate``, waiting at most ``migration_wait``
    seconds for another process's migration: MigrationWaitTimedOut), or DatabaseUnavailable saying in one
    sentence what is wrong."""
    database: AsyncEngine | None = None
    try:
        with unavailable_if_failing(url):
            if migrate:
                # Waits out another process's migration in tries of MIGRATION_TRY_MS, so a signal ends the wait
                migrator = create_engine(url, busy_timeout_ms=min(round(migration_wait * 1000), MIGRATION_TRY_MS),
                                         pool_size=1, timeouts=UNLIMITED)
                try:
                    await upgrade_to_head(migrator, migration_wait)
                finally:
                    await migrator.dispose()
            # Not migrating, it only reads: the file stays as it is, journal mode included.
            database = create_engine(url, pool_size=pool_size, timeouts=timeouts, read_only=not migrate)
            if not migrate:
                await require_head(database)
    except BaseException:
        if database is not None:
            await database.dispose()
        raise
    return database


@contextmanager
def unavailable_if_failing(url: str) -> Iterator[None]:
    """A database failure inside becomes DatabaseUnavailable, saying in one sentence what is wrong."""
    try:
        yield
    except (MigrationWaitTimedOut, LockHeld):
        raise  # not the database's fault: another process's (exit 8, and 6)
    except Exception as error:
        message = describe(error, url)
        if message is None:
            raise
        raise DatabaseUnavailable(message) from error
