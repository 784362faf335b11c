"""`quiztutor migrate current > /dev/full` (a full disk) exited 0 having written nothing: alembic drops a failed
write itself (alembic.util.write_outstream). It fails as the other commands do when their output can't be written:
one line on stderr saying why, exit 2; or, when the command failed too, with that failure's code."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from adapters.cli.exit_codes import ExitCode
from storage.database import sqlite_url
from tests.adapters.test_output_not_written import FULL, to_full_disk
from tests.storage.test_alembic_command_database import at_head

SAID = ("quiztutor migrate: its standard output couldn't be written (No space left on device), so what it printed is "
        "missing or cut short: send it where it can be written")


@pytest.mark.skipif(not FULL.exists(), reason="needs /dev/full (Linux)")
@pytest.mark.parametrize("unbuffered", [True, False])
@pytest.mark.parametrize("args", [["current"], ["history"], ["downgrade", "0016"], ["--help"],
                                  ["upgrade", "0001:0008", "--sql"]])  # the SQL printed, which alembic doesn't guard
async def test_a_migration_whose_output_cant_be_written_says_so_and_exits_2(tmp_path: Path, args: list[str],
                                                                           unbuffered: bool) -> None:
    await at_head(sqlite_url(tmp_path / "data"))
    done = to_full_disk({"QUIZ_DATA_DIR": str(tmp_path / "data")}, "migrate", *args, unbuffered=unbuffered)
    assert done.returncode == ExitCode.CONFIGURATION, done.stderr
    assert done.stderr.splitlines()[-1] == SAID, done.stderr
    assert "Traceback" not in done.stderr and "Exception ignored" not in done.stderr


@pytest.mark.skipif(not FULL.exists(), reason="needs /dev/full (Linux)")
def test_a_failure_whose_line_cant_be_written_keeps_its_code_and_says_the_output_failed(tmp_path: Path) -> None:
    """No database there: its `FAILED:` line goes where alembic writes it, stdout, and can't be written."""
    done = to_full_disk({"QUIZ_DATA_DIR": str(tmp_path / "data")}, "migrate", "current", unbuffered=False)
    assert done.returncode == ExitCode.DATABASE, done.stderr
    assert done.stderr.splitlines()[-1] == SAID, done.stderr


@pytest.mark.parametrize(("args", "start"), [("history -v", "Rev:"), ("upgrade 0001:0008 --sql", "-- R")])
def test_a_reader_gone_early_is_still_quiet(tmp_path: Path, args: str, start: str) -> None:
    clean = {key: value for key, value in os.environ.items() if not key.startswith("QUIZ_")}
    done = subprocess.run(f"set -o pipefail; {sys.executable} -m adapters.cli.main migrate {args} | head -c 4",
                          shell=True, text=True, env={**clean, "QUIZ_DATA_DIR": str(tmp_path)}, capture_output=True,
                          timeout=60, executable="/bin/bash")
    assert (done.returncode, done.stdout, done.stderr) == (0, start, ""), done.stderr
