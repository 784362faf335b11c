"""The content every process should serve, as the fingerprint an admin's last reload stored."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import select

from bot.records import ContentMark
from storage import tables
from storage.statements import StatementRunner, dialect_insert

content_state = tables.ContentState.__table__
CATALOG = "catalog"  # the one row


class SqlContentStateRepository:
    def __init__(self, connection: StatementRunner) -> None:
        self._connection = connection

    async def latest(self) -> ContentMark | None:
        row = (await self._connection.execute(select(content_state.c.fingerprint, content_state.c.changed_at)
                                              .where(content_state.c.name == CATALOG))).first()
        return ContentMark(str(row.fingerprint), row.changed_at) if row else None

    async def set_fingerprint(self, fingerprint: str, at: datetime) -> None:
        statement = dialect_insert(self._connection.dialect.name)(content_state).values(
            name=CATALOG, fingerprint=fingerprint, changed_at=at)
        await self._connection.execute(statement.on_conflict_do_update(
            index_elements=["name"],
            set_={"fingerprint": statement.excluded.fingerprint, "changed_at": statement.excluded.changed_at}))
