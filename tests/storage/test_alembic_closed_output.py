"""`alembic -c storage/alembic.ini upgrade head >&-` (its standard output closed): env.py's line saying where it
left the database was written to the None Python makes of a closed stdout, an AttributeError traceback (exit 1),
and the upgrade was rolled back with it; `current` failed the same way in alembic's own printing. Refused before the
database is touched, in the line `quiztutor migrate >&-` says, exit 2."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from adapters.cli.exit_codes import ExitCode
from storage.database import sqlite_url
from tests.storage.test_alembic_command_database import ALEMBIC_INI
from tests.support.schema_revisions import at_previous_revision, previous_revision, revision


def alembic_with_stdout_closed(cwd: Path, env: dict[str, str], *args: str) -> subprocess.CompletedProcess[str]:
    clean = {key: value for key, value in os.environ.items() if not key.startswith("QUIZ_")}
    return subprocess.run([sys.executable, "-m", "alembic", "-c", str(ALEMBIC_INI), *args], cwd=cwd,
                          env={**clean, **env}, stdin=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                          timeout=60, preexec_fn=lambda: os.close(1))  # after the redirections: no fd 1 at all


SAID = ("alembic: its standard output is closed (>&-), so what it prints would go nowhere: send it to a file, or to "
        "/dev/null to discard it")


@pytest.mark.parametrize("args", [["upgrade", "head"], ["current"], ["stamp", "head"]])
async def test_a_command_run_with_its_output_closed_is_refused_and_leaves_the_database(tmp_path: Path,
                                                                                     args: list[str]) -> None:
    url = await at_previous_revision(sqlite_url(tmp_path))
    done = alembic_with_stdout_closed(tmp_path, {"QUIZ_DATA_DIR": str(tmp_path)}, *args)
    assert (done.returncode, done.stderr) == (ExitCode.CONFIGURATION, SAID + "\n"), done.stderr[-2000:]
    assert await revision(url) == previous_revision()


def test_a_failure_is_not_reached_either(tmp_path: Path) -> None:
    """No database there: its FAILED line would go to stdout too. The closed output is what is wrong first."""
    done = alembic_with_stdout_closed(tmp_path, {"QUIZ_DATA_DIR": str(tmp_path / "never-run")}, "upgrade", "head")
    assert (done.returncode, done.stderr) == (ExitCode.CONFIGURATION, SAID + "\n"), done.stderr[-2000:]
