"""Migration 0022 links each open Discord question that no message links, withdrawn, as a private question's
(bot/asked_links.py): a quiz that went private after a poll before the upgrade keeps its open question private,
rather than being taken for one whose poll a crash lost and posted in the channel. Questions a message asks,
Telegram's sessions and ended ones are left as they are; the downgrade takes only these links away. On a SQLite file
and on PostgreSQL."""

from __future__ import annotations

from typing import cast

from sqlalchemy import insert, select
from sqlalchemy.ext.asyncio import AsyncEngine

from bot.asked_links import asked_privately, still_asking
from bot.ports import UnitOfWork
from storage import tables
from storage.database import create_engine
from storage.repositories import SqlLinkRepository
from tests.fakes.clock import START
from tests.support.migrations import migrate

links = tables.table_of(tables.MessageLink)


async def _sessions_at_0021(engine: AsyncEngine) -> None:
    """Discord's s1 on question 2 (shown privately: no link) after a poll asked question 1, s2 on question 2 asked
    by a poll, s3 ended on question 2 unlinked; Telegram's t1 on question 2 unlinked."""
    async with engine.begin() as connection:
        await connection.execute(insert(tables.table_of(tables.User)), [
            {"id": 1, "platform": "discord", "platform_user_id": "ada", "created_at": START},
            {"id": 2, "platform": "telegram", "platform_user_id": "bo", "created_at": START}])
        await connection.execute(insert(tables.table_of(tables.Session)), [
            {"id": session_id, "user_id": user_id, "quiz_id": "collectives", "chat_id": "chat-1", "state": state,
             "question_ids": ["q1", "q2", "q3"], "option_orders": {}, "position": 1, "started_at": START,
             "updated_at": START}
            for session_id, user_id, state in (("s1", 1, "active"), ("s2", 1, "finished"), ("s3", 1, "stopped"),
                                               ("t1", 2, "active"))])
        await connection.execute(insert(links), [
            {"platform": platform, "message_key": f"poll-{session_id}-{question_id}", "session_id": session_id,
             "question_id": question_id, "chat_id": "chat-1", "created_at": START}
            for platform, session_id, question_id in (("discord", "s1", "q1"), ("discord", "s2", "q1"),
                                                      ("discord", "s2", "q2"), ("telegram", "t1", "q1"))])


async def _link_keys(engine: AsyncEngine) -> set[tuple[str, str, str]]:
    async with engine.connect() as connection:
        return {(row.session_id, row.question_id, row.message_key)
                for row in await connection.execute(select(links))}


async def test_0022_keeps_an_open_discord_question_shown_privately_private_and_its_downgrade_takes_only_that_away(
        database_url: str) -> None:
    engine = create_engine(database_url)
    try:
        await migrate(engine, "upgrade", "0021")
        await _sessions_at_0021(engine)
        before = await _link_keys(engine)

        await migrate(engine, "upgrade", "head")
        added = await _link_keys(engine) - before
        assert [(session_id, question_id) for session_id, question_id, _ in added] == [("s1", "q2")]
        async with engine.connect() as connection:
            repository = SqlLinkRepository(connection)
            link = await repository.latest("discord", "s1", "q2")
            assert link is not None and asked_privately(link.message_key) and link.withdrawn_at is not None
            assert await still_asking(cast(UnitOfWork, _Links(repository)), "discord", "s1", "q2") is None

        await migrate(engine, "downgrade", "0021")
        assert await _link_keys(engine) == before
    finally:
        await engine.dispose()


class _Links:
    """What still_asking reads of a unit of work: its links."""

    def __init__(self, links: SqlLinkRepository) -> None:
        self.links = links
