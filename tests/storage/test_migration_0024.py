"""Migration 0024 keeps whether a session is a retry round (quiz_sessions.retry_round): a session from before it
reads as not known (None: /progress tells it by its size, as before), one kept comes back as it went, in /progress's
results too, and a downgrade takes the column away keeping every session, answer and poll link, on a SQLite file
(foreign keys on, as the application opens it) and on PostgreSQL."""

from __future__ import annotations

from datetime import timedelta

from bot.records import QuizSession, SessionState
from storage.database import create_engine
from storage.repositories import SqlSessionRepository
from tests.fakes.clock import START
from tests.storage.test_migration_0002 import _columns_and_indexes, _counts, _store_a_played_session
from tests.support.migrations import migrate


def _round(session_id: str, question_ids: list[str], *, retry_round: bool, minutes: int) -> QuizSession:
    at = START + timedelta(minutes=minutes)
    return QuizSession(session_id, 1, "collectives", None, question_ids, {}, at, at, state=SessionState.FINISHED,
                       finished_at=at, retry_round=retry_round)  # ended: one session of a quiz may be active


async def test_0024_reads_a_session_from_before_it_as_not_known_and_its_downgrade_keeps_every_answer_and_link(
        database_url: str) -> None:
    engine = create_engine(database_url)
    try:
        await migrate(engine, "upgrade", "0023")
        await _store_a_played_session(engine)  # s1: a session, an answer and a poll link
        await migrate(engine, "upgrade", "head")
        async with engine.begin() as connection:
            repository = SqlSessionRepository(connection)
            await repository.add(_round("s2", ["q1", "q2"], retry_round=False, minutes=1))
            await repository.add(_round("s3", ["q2"], retry_round=True, minutes=2))
        async with engine.connect() as connection:
            repository = SqlSessionRepository(connection)
            assert [(await repository.get(session_id)).retry_round  # type: ignore[union-attr]
                    for session_id in ("s1", "s2", "s3")] == [None, False, True]
            # Newest first, as /progress reads them.
            assert [result.retry_round for result in await repository.results(1)] == [True, False, None]

        await migrate(engine, "downgrade", "0023")
        assert "retry_round" not in (await _columns_and_indexes(engine))[0]
        # A copy of quiz_sessions dropped the table, and with foreign keys on every answer and link went with it.
        assert await _counts(engine) == [3, 1, 1]
        await migrate(engine, "upgrade", "head")
        assert "retry_round" in (await _columns_and_indexes(engine))[0]
    finally:
        await engine.dispose()
