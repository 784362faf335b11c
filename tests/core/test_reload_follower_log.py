"""A replica following an admin's reload whose own files fail validation logs what the admin's chat shows of them
(in English): the first problems, one a line, and how many more; not every problem joined into one line (a 1 MB
file of broken questions made a line of about 50 MB in every replica's log)."""

from __future__ import annotations

import logging
import shutil
from pathlib import Path

import pytest

from bot.content.library import ContentLibrary
from bot.reload_report import SHOWN_CHARACTERS
from tests.core.test_engine_reload import ADMIN
from tests.core.wiring import build_engine
from tests.fakes.clock import FixedClock
from tests.fakes.storage import FakeDatabase
from tests.support.content import remove_question


async def test_a_replica_whose_files_fail_logs_the_first_problems_and_how_many_more(
        content_dir: Path, tmp_path: Path, fake_db: FakeDatabase, clock: FixedClock,
        caplog: pytest.LogCaptureFixture) -> None:
    there_dir = tmp_path / "replica"
    shutil.copytree(content_dir, there_dir)
    here = build_engine(ContentLibrary.load(content_dir), fake_db, clock)
    there = build_engine(ContentLibrary.load(there_dir), fake_db, clock)
    remove_question(content_dir, "shards-to-full")
    assert (await here.reload(ADMIN)).ok
    (there_dir / "quizzes" / "broken.yaml").write_text("id: broken\nquestions:\n" + "- {}\n" * 2000, "utf-8")
    with caplog.at_level(logging.ERROR, logger="bot.usecases.admin"):
        failed = await there.follow_content()
    assert failed is not None and not failed.ok and len(failed.problems) > 2000
    [entry] = [record.getMessage() for record in caplog.records]
    heading, *listed, more = entry.splitlines()
    assert heading.startswith("an admin reloaded the content elsewhere, but these files fail validation")
    assert str(len(failed.problems)) in heading
    assert 1 < len(listed) < len(failed.problems) and sum(len(line) for line in listed) < 2 * SHOWN_CHARACTERS
    assert listed[0] == f"  {failed.problems[0]}"
    assert more == (f"  …and {len(failed.problems) - len(listed)} more: quiztutor validate (run on this "
                    "process's content folder) lists them all")
