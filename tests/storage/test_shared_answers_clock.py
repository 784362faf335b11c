"""Each answer's clock (review_logs.utc_offset_minutes, 0016) goes through PostgreSQL's merged answer INSERTs
(storage/merged_writes.py): learners in several zones answering at once each keep their own."""

from __future__ import annotations

import asyncio
from pathlib import Path

from sqlalchemy import select

from adapters.runtime import open_services
from adapters.settings import Settings
from bot.replies import Actor, AnswerOutcome, Started
from storage import tables
from storage.database import create_engine
from tests.fakes.clock import FixedClock
from tests.storage.test_shared_answers_engine import SharedCommits

# Minutes from UTC on 2026-01-05, the fake clock's day: Kathmandu's quarter hour, New York's winter, Tokyo.
ZONES = {"Asia/Kathmandu": 345, "America/New_York": -300, "Asia/Tokyo": 540, "UTC": 0}
LEARNERS = [Actor("telegram", f"learner-{n}", chat_id=f"chat-{n}") for n in range(12)]
users, reviews = tables.table_of(tables.User), tables.table_of(tables.ReviewLog)


def _zone_of(n: int) -> str:
    return list(ZONES)[n % len(ZONES)]


async def test_answers_sharing_a_transaction_each_keep_their_learners_clock(
        tmp_path: Path, fixture_content: Path, postgres_url: str) -> None:
    metrics = SharedCommits()
    settings = Settings(data_dir=tmp_path, content_dir=fixture_content, database_url=postgres_url)
    async with open_services(settings, clock=FixedClock(), metrics=metrics) as services:
        engine = services.engine
        asked = []
        for n, learner in enumerate(LEARNERS):
            assert not (await engine.set_time_zone(learner, _zone_of(n))).is_error
            started = await engine.start(learner, "collectives")
            assert isinstance(started, Started)
            asked.append(started.question)
        replies = await asyncio.gather(*(engine.answer(learner, question.session_id, question.question_id,
                                                       question.correct_index)
                                         for learner, question in zip(LEARNERS, asked, strict=True)))
    assert all(isinstance(reply, AnswerOutcome) for reply in replies), replies
    assert max(metrics.kept) > 2, metrics.kept  # the INSERTs did go merged
    database = create_engine(postgres_url)
    try:
        async with database.connect() as connection:
            rows = await connection.execute(select(users.c.platform_user_id, reviews.c.utc_offset_minutes).join(
                reviews, reviews.c.user_id == users.c.id))
            kept = {learner: offset for learner, offset in rows}
    finally:
        await database.dispose()
    assert kept == {learner.user_id: ZONES[_zone_of(n)] for n, learner in enumerate(LEARNERS)}
