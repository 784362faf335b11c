"""Many processes on one database: a lost race is tried again, never shown; migrations run once."""

from __future__ import annotations

import asyncio
import contextlib
import random
import sqlite3
from pathlib import Path

from sqlalchemy import text

from adapters.runtime import open_services
from adapters.settings import Settings
from bot.admins import AdminPolicy
from bot.content.library import ContentLibrary
from bot.engine import QuizEngine
from bot.i18n import UiTexts
from bot.metrics import EVERY_PLATFORM, NullMetrics
from bot.replies import Actor, AnswerOutcome, Notice, Started, Summary
from storage.database import create_engine, sqlite_url
from storage.migrate import upgrade_to_head
from storage.unit_of_work import unit_of_work_factory
from tests.fakes.clock import FixedClock

PROCESSES = 16
ACTIONS = 60
LEARNERS = [Actor("telegram", f"learner-{n}", chat_id=f"chat-{n}") for n in range(2)]


class ErrorRecorder(NullMetrics):
    def __init__(self) -> None:
        self.errors: list[tuple[str, str]] = []

    def error(self, platform: str, kind: str) -> None:
        self.errors.append((platform, kind))


async def play_randomly(engine: QuizEngine, rng: random.Random) -> list[object]:
    """A learner tapping about: start, answer what is shown, skip, stop, retry, look at progress."""
    replies: list[object] = []
    finished: list[str] = []  # summaries seen, to retry their missed questions
    for _ in range(ACTIONS):
        actor = rng.choice(LEARNERS)
        action = rng.choice(["start", "answer", "answer", "skip", "stop", "retry", "progress"])
        if action == "start":
            replies.append(await engine.start(actor, rng.choice(["collectives", "long-options", None])))
        elif action == "answer":
            shown = await engine.start(actor)
            replies.append(shown)
            if isinstance(shown, Started):
                question = shown.question
                replies.append(await engine.answer(actor, question.session_id, question.question_id,
                                                   rng.randrange(len(question.options))))
            if isinstance(replies[-1], AnswerOutcome) and isinstance(replies[-1].next, Summary):
                finished.append(replies[-1].next.session_id)
        elif action == "skip":
            replies.append(await engine.skip(actor))
        elif action == "stop":
            replies.append(await engine.stop(actor))
        elif action == "retry" and finished:
            replies.append(await engine.retry_missed(actor, rng.choice(finished)))
        else:
            replies.append(await engine.progress(actor))
    return replies


async def test_many_processes_playing_the_same_learners_get_replies_never_storage_errors(
        tmp_path: Path, fixture_content: Path, database_url: str) -> None:
    # Each open_services is a process of its own: its own connections and its own per-user locks.
    settings = Settings(data_dir=tmp_path, content_dir=fixture_content, database_url=database_url)
    async with contextlib.AsyncExitStack() as stack:
        services = [await stack.enter_async_context(open_services(settings)) for _ in range(PROCESSES)]
        results = await asyncio.gather(*(play_randomly(each.engine, random.Random(seed))
                                          for seed, each in enumerate(services)), return_exceptions=True)
    errors = [result for result in results if isinstance(result, BaseException)]
    assert not errors, errors
    replies = [reply for result in results for reply in result]  # type: ignore[union-attr]
    assert all(isinstance(reply, Started | AnswerOutcome | Notice | Summary) or hasattr(reply, "heading")
               for reply in replies)


async def test_a_transaction_kept_waiting_by_another_process_is_tried_again(tmp_path: Path,
                                                                            fixture_content: Path) -> None:
    database = create_engine(sqlite_url(tmp_path), busy_timeout_ms=50)
    await upgrade_to_head(database)
    metrics = ErrorRecorder()
    engine = QuizEngine(library=ContentLibrary.load(fixture_content),
                        unit_of_work=unit_of_work_factory(database, FixedClock()), texts=UiTexts({}),
                        admins=AdminPolicy(), clock=FixedClock(), rng=random.Random(1), metrics=metrics)
    other_process = sqlite3.connect(tmp_path / "quiztutor.sqlite3", isolation_level=None)
    try:
        other_process.execute("BEGIN IMMEDIATE")  # holds the write lock for longer than the busy timeout
        starting = asyncio.create_task(engine.start(LEARNERS[0], "collectives"))
        await asyncio.sleep(0.2)
        other_process.execute("ROLLBACK")
        started = await asyncio.wait_for(starting, 10)
    finally:
        other_process.close()
        await database.dispose()
    assert isinstance(started, Started) and started.question.number == 1
    assert metrics.errors and set(metrics.errors) == {(EVERY_PLATFORM, "storage_busy")}  # each lost race is counted


async def test_processes_starting_together_on_an_empty_postgresql_database_migrate_it_once(
        postgres_url: str) -> None:
    for _trial in range(3):
        engines = [create_engine(postgres_url) for _ in range(3)]
        try:
            await asyncio.gather(*(upgrade_to_head(engine) for engine in engines))
            async with engines[0].connect() as connection:
                versions = (await connection.execute(text("SELECT version_num FROM alembic_version"))).all()
                await connection.execute(text("DROP SCHEMA public CASCADE"))
                await connection.execute(text("CREATE SCHEMA public"))
                await connection.commit()
        finally:
            for engine in engines:
                await engine.dispose()
        assert len(versions) == 1
