"""kill -9 at random moments, start-up and migrations included: nothing lost, nothing scored twice."""

from __future__ import annotations

from pathlib import Path

from storage.database import sqlite_url
from tests.reliability import campaign

KILLS = 12  # about 20 s per database; scripts/soak runs the same campaign for as long as you like
ATTEMPTS = 3


async def played_campaign(url: str, content: Path, seed: int) -> campaign.Figures:
    """KILLS kills. On a machine so loaded that no worker got past start-up before its kill, up to two more
    campaigns: the invariants must be checked on a database the workers really played on."""
    for attempt in range(ATTEMPTS):
        figures = await campaign.run(url, content, KILLS, seed=seed + 100 * attempt)
        if figures.violations or figures.answers > 0:
            break
    return figures


async def test_kill_9_on_sqlite_keeps_every_invariant(tmp_path: Path, fixture_content: Path) -> None:
    figures = await played_campaign(sqlite_url(tmp_path), fixture_content, seed=1)
    assert figures.violations == [], figures.violations
    assert figures.kills == KILLS and figures.answers > 0 and figures.sessions  # the workers really played


async def test_kill_9_on_postgresql_keeps_every_invariant(postgres_url: str, fixture_content: Path) -> None:
    figures = await played_campaign(postgres_url, fixture_content, seed=2)
    assert figures.violations == [], figures.violations
    assert figures.kills == KILLS and figures.answers > 0 and figures.sessions
