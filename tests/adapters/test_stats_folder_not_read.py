"""`quiztutor stats` with QUIZ_DATA_DIR a folder this user may not read (mode 000) or write (500): exit 4 with a line
naming the folder, as the table of exit codes says. Its help and the README's row for it gave exit 4 only for "a
schema that is not this version's", so an operator who met it looked for a version mismatch there wasn't."""

from __future__ import annotations

import asyncio
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from adapters.cli.exit_codes import ExitCode
from storage.database import sqlite_url
from tests.adapters.test_settings_from_environment import FIXTURES
from tests.storage.test_alembic_command_database import at_head
from tests.support.unreadable import unprivileged, unreadable

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize(("mode", "said"), [(0o000, "this user may not enter the folder {data}"),
                                            (0o500, "its folder {data} can't be written")])
def test_a_data_folder_it_may_not_read_or_write_is_named_with_exit_4(tmp_path: Path, mode: int, said: str) -> None:
    data = tmp_path / "data"
    asyncio.run(at_head(sqlite_url(data)))
    clean = {key: value for key, value in os.environ.items() if not key.startswith("QUIZ_")}
    with unreadable(data):  # skips where modes don't hold; then the mode under test
        data.chmod(mode)
        done = subprocess.run([*unprivileged(), sys.executable, "-m", "adapters.cli.main", "stats"], cwd=tmp_path,
                              env={**clean, "QUIZ_DATA_DIR": str(data), "QUIZ_CONTENT_DIR": str(FIXTURES)},
                              capture_output=True, text=True, stdin=subprocess.DEVNULL, timeout=60, check=False)
    assert done.returncode == ExitCode.DATABASE, done.stderr
    assert said.format(data=data) in done.stderr and "schema" not in done.stderr, done.stderr


def test_the_help_and_the_readme_give_exit_4_for_a_folder_it_may_not_read_too() -> None:
    clean = {key: value for key, value in os.environ.items() if not key.startswith("QUIZ_")}
    help_text = subprocess.run([sys.executable, "-m", "adapters.cli.main", "stats", "--help"], cwd=ROOT, env=clean,
                               capture_output=True, text=True, timeout=60, check=True).stdout
    row = next(line for line in (ROOT / "README.md").read_text(encoding="utf-8").splitlines()
               if line.startswith("| `quiztutor stats"))
    for text in (" ".join(help_text.split()), row):
        assert re.search(r"exits? 4 if the database can't be used \(its folder or file this user may not read or "
                         r"write, too\)", text), text
