"""A database left at the schema of the release before this one, and what `quiztutor` does on it as a process."""

from __future__ import annotations

import os
import subprocess
import sys

from alembic.script import ScriptDirectory
from sqlalchemy import text

from storage.database import create_engine
from storage.migrate import alembic_config
from tests.support.migrations import migrate


def previous_revision() -> str:
    """The migration before the head: the schema the release before this one left."""
    script = ScriptDirectory.from_config(alembic_config())
    head = script.get_current_head()
    assert head is not None
    down = script.get_revision(head).down_revision
    assert isinstance(down, str)
    return down


async def at_previous_revision(url: str) -> str:
    """``url``, its empty database brought to previous_revision()."""
    engine = create_engine(url)
    try:
        await migrate(engine, "upgrade", previous_revision())
    finally:
        await engine.dispose()
    return url


async def revision(url: str) -> str:
    """The database's Alembic revision, as it is."""
    engine = create_engine(url)
    try:
        async with engine.connect() as connection:
            return str((await connection.execute(text("SELECT version_num FROM alembic_version"))).scalar_one())
    finally:
        await engine.dispose()


def quiztutor(env: dict[str, str], *args: str) -> subprocess.CompletedProcess[str]:
    """`quiztutor ARGS` in a process of its own, with ``env`` its only QUIZ_* settings and no input."""
    clean = {key: value for key, value in os.environ.items() if not key.startswith("QUIZ_")}
    return subprocess.run([sys.executable, "-m", "adapters.cli.main", *args], env={**clean, **env},
                          stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=60)
