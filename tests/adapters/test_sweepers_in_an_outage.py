"""`quiztutor run`'s sweepers when the database goes away: one line each, as the adapters log their events."""

from __future__ import annotations

import asyncio
import logging
from pathlib import Path

from adapters.runtime import open_services
from adapters.serving import serving
from adapters.settings import Settings
from tests.conftest import FIXTURE_CONTENT
from tests.support.tcp_proxy import proxied


class FirstRecord(logging.Handler):
    """Keeps the first record it hears, and says when it came."""

    def __init__(self) -> None:
        super().__init__()
        self.heard = asyncio.Event()
        self.record: logging.LogRecord | None = None

    def emit(self, record: logging.LogRecord) -> None:
        if self.record is None:
            self.record = record
            self.heard.set()


async def test_a_database_cut_off_is_one_line_from_a_sweeper_not_a_traceback(postgres_url: str,
                                                                           tmp_path: Path) -> None:
    proxy, url = await proxied(postgres_url)
    settings = Settings(data_dir=tmp_path, content_dir=FIXTURE_CONTENT, database_url=url)
    first = FirstRecord()
    sweepers = logging.getLogger("bot.sweeper")
    try:
        async with open_services(settings) as services, serving(services.engine, [], content_interval=0.05):
            sweepers.addHandler(first)
            await proxy.cut()  # PostgreSQL can't be reached: the content follower's next look fails
            await asyncio.wait_for(first.heard.wait(), 10)
    finally:
        sweepers.removeHandler(first)
        await proxy.cut()
    assert first.record is not None and first.record.levelno == logging.ERROR
    assert not first.record.exc_info and "\n" not in first.record.getMessage(), first.record.getMessage()
    assert first.record.getMessage().startswith("could not look for content reloaded elsewhere (all): a service is "
                                                "unreachable ("), first.record.getMessage()
