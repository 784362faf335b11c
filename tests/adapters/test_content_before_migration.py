"""A release whose quiz content fails validation must not touch the database: it upgraded the schema first, then
exited 3, and on a shared PostgreSQL the other replicas, still the older release, then refused the newer schema
(exit 4). `run` and `play` (the commands that migrate) check the content before any migration."""

from __future__ import annotations

from pathlib import Path

import pytest

from adapters.cli.exit_codes import ExitCode
from tests.support.schema_revisions import at_previous_revision, previous_revision, quiztutor, revision


@pytest.mark.parametrize("command", [["run"], ["play", "--user", "ada"]])
async def test_invalid_content_exits_3_leaving_the_schema_as_the_previous_release_left_it(
        any_database_url: str, content_dir: Path, command: list[str]) -> None:
    database = await at_previous_revision(any_database_url)
    (content_dir / "quizzes" / "broken.yaml").write_text("id: broken\ntitle: {en: Broken}\n", encoding="utf-8")

    done = quiztutor({"QUIZ_DATABASE_URL": database, "QUIZ_CONTENT_DIR": str(content_dir),
                      "QUIZ_TELEGRAM_TOKEN": "123456:SECRET-test-token"}, *command)

    assert done.returncode == ExitCode.CONTENT, done.stderr
    assert "broken.yaml" in done.stderr
    assert await revision(database) == previous_revision()
