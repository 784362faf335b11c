"""The content every process should serve, as the fingerprint an admin's last reload stored."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import select
from sqlalchemy.dialects.postgresql import insert as postgresql_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert

from storage import tables
from storage.statements import StatementRunner

content_state = tables.ContentState.__table__
CATALOG = "catalog"  # the one row


class SqlContentStateRepository:
    def __init__(self, connection: StatementRunner) -> None:
        self._connection = connection

    async def fingerprint(self) -> str | None:
        row = (await self._connection.execute(
            select(content_state.c.fingerprint).where(content_state.c.name == CATALOG))).first()
        return str(row.fingerprint) if row else None

    async def set_fingerprint(self, fingerprint: str, at: datetime) -> None:
        dialect_insert = postgresql_insert if self._connection.dialect.name == "postgresql" else sqlite_insert
        statement = dialect_insert(content_state).values(name=CATALOG, fingerprint=fingerprint, changed_at=at)
        await self._connection.execute(statement.on_conflict_do_update(
            index_elements=["name"],
            set_={"fingerprint": statement.excluded.fingerprint, "changed_at": statement.excluded.changed_at}))
