"""/readyz over real HTTP on a real SQLite file that is taken away from under the running process."""

from __future__ import annotations

import shutil
from pathlib import Path

from adapters.prometheus_metrics import PrometheusMetrics
from adapters.runtime import open_services
from adapters.settings import Settings
from bot.replies import Actor
from tests.support.http_probe import endpoint_for, get

LEARNER = Actor("terminal", "ada", "ada")


async def test_readyz_fails_once_the_sqlite_files_directory_is_removed(tmp_path: Path, content_dir: Path) -> None:
    """SQLite keeps a removed file open, and goes on answering and writing into it: everything kept from then on
    is gone at the next restart, so the database is as good as gone, however well it answers SELECT 1."""
    settings = Settings(data_dir=tmp_path / "data", content_dir=content_dir, platforms={})
    metrics = PrometheusMetrics()
    async with open_services(settings, metrics=metrics) as services, \
            endpoint_for(services.database, [], metrics) as base:
        assert ((await get(base + "/readyz")).text) == "ready\n"
        shutil.rmtree(settings.data_dir)  # a volume unmounted, a clean-up gone wrong
        await services.engine.start(LEARNER, "collectives")  # still played: into a file no one can open again
        gone = await get(base + "/readyz")
        assert (gone.status, gone.text) == (503, "not ready: database: the SQLite file was removed or replaced "
                                                 "since it was opened; restart to open it again\n")

        settings.data_dir.mkdir()  # an empty directory again: a new file there would not be this process's
        assert (await get(base + "/readyz")).status == 503
        assert (await get(base + "/healthz")).status == 200
