"""The content every process should serve, as the fingerprint an admin's last reload stored."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import select

from storage import tables
from storage.statements import StatementRunner, dialect_insert

content_state = tables.table_of(tables.ContentState)
CATALOG = "catalog"  # the one row


class SqlContentStateRepository:
    def __init__(self, connection: StatementRunner) -> None:
        self._connection = connection

    async def fingerprint(self) -> str | None:
        row = (await self._connection.execute(
            select(content_state.c.fingerprint).where(content_state.c.name == CATALOG))).first()
        return str(row.fingerprint) if row else None

    async def set_fingerprint(self, fingerprint: str, at: datetime) -> None:
        statement = dialect_insert(self._connection.dialect.name)(content_state).values(
            name=CATALOG, fingerprint=fingerprint, changed_at=at)
        await self._connection.execute(statement.on_conflict_do_update(
            index_elements=["name"],
            set_={"fingerprint": statement.excluded.fingerprint, "changed_at": statement.excluded.changed_at}))
