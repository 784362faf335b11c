"""kill -9 at random moments, start-up and migrations included: nothing lost, nothing scored twice."""

from __future__ import annotations

from pathlib import Path

from storage.database import sqlite_url
from tests.reliability import campaign

KILLS = 12  # about 20 s per database; scripts/soak runs the same campaign for as long as you like


async def test_kill_9_on_sqlite_keeps_every_invariant(tmp_path: Path, fixture_content: Path) -> None:
    figures = await campaign.run(sqlite_url(tmp_path), fixture_content, KILLS, seed=1)
    assert figures.violations == [], figures.violations
    assert figures.kills == KILLS and figures.answers > 0 and figures.sessions  # the workers really played


async def test_kill_9_on_postgresql_keeps_every_invariant(postgres_url: str, fixture_content: Path) -> None:
    figures = await campaign.run(postgres_url, fixture_content, KILLS, seed=2)
    assert figures.violations == [], figures.violations
    assert figures.kills == KILLS and figures.answers > 0 and figures.sessions
