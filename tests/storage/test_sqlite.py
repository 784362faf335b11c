"""The SQLite file is set up for durability and for sharing with a second process."""

from __future__ import annotations

from pathlib import Path

from sqlalchemy import text

from storage.database import create_engine, sqlite_url


async def test_every_sqlite_connection_uses_wal_foreign_keys_and_a_busy_timeout(tmp_path: Path) -> None:
    engine = create_engine(sqlite_url(tmp_path / "nested" / "dir"))
    try:
        async with engine.connect() as connection:
            pragmas = {name: (await connection.execute(text(f"PRAGMA {name}"))).scalar_one()
                       for name in ("journal_mode", "foreign_keys", "busy_timeout", "synchronous")}
    finally:
        await engine.dispose()
    assert pragmas == {"journal_mode": "wal", "foreign_keys": 1, "busy_timeout": 5000, "synchronous": 2}
    assert (tmp_path / "nested" / "dir" / "quiztutor.sqlite3").is_file()
