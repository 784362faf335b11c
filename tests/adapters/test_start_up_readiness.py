"""/readyz through a process's life: starting (the database migrated, the content loaded), then what its Readiness
finds, then stopping once the clean stop begins (a load balancer sends a replica that is finishing nothing new)."""

from __future__ import annotations

from adapters.readiness import Readiness, StartUp


async def test_readiness_says_starting_then_asks_the_process_then_says_stopping() -> None:
    async def database_answers() -> None:
        return None

    start_up = StartUp()
    assert await start_up.problems() == ["starting: opening the database (migrating it if needed) and the content"]
    start_up.serving(Readiness(database_answers, []))
    assert await start_up.problems() == []
    start_up.stopping()
    assert await start_up.problems() == ["stopping"]
