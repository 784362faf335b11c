"""Migration 0012 builds the recent links index unless an operator built it first (on PostgreSQL, CONCURRENTLY,
so that a large message_links table takes new links meanwhile): the upgrade then has nothing to do."""

from __future__ import annotations

from sqlalchemy import text

from storage.database import create_engine
from tests.support.migrations import migrate

BY_HAND = "CREATE INDEX ix_message_links_recent ON message_links (platform, created_at)"  # CONCURRENTLY, live


async def test_an_index_built_by_hand_before_the_upgrade_is_kept(database_url: str) -> None:
    engine = create_engine(database_url)
    try:
        await migrate(engine, "upgrade", "0011")
        async with engine.begin() as connection:
            await connection.execute(text(BY_HAND))
        await migrate(engine, "upgrade", "0012")  # failed with "index ix_message_links_recent already exists"
        async with engine.connect() as connection:
            version = (await connection.execute(text("SELECT version_num FROM alembic_version"))).scalar_one()
        assert version == "0012"
    finally:
        await engine.dispose()
