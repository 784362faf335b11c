"""Ctrl-C while `quiztutor` is still starting ends it quietly with 130, as Ctrl-C later does, not a traceback."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from adapters.cli.exit_codes import ExitCode
from tests.support.interrupt import interrupt_once

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "content"


@pytest.mark.parametrize("command", ["play", "run"])
def test_ctrl_c_while_the_modules_are_imported_exits_130_without_a_traceback(tmp_path: Path, command: str) -> None:
    clean = {key: value for key, value in os.environ.items() if not key.startswith("QUIZ_")}
    # -X importtime names each module on stderr as it is imported: the first of pydantic's comes with the
    # slowest imports (SQLAlchemy, alembic, the platforms' libraries) still ahead, so the signal lands among them.
    process = subprocess.Popen([sys.executable, "-X", "importtime", "-m", "adapters.cli.main", command],
                               env={**clean, "QUIZ_CONTENT_DIR": str(FIXTURES), "QUIZ_DATA_DIR": str(tmp_path)},
                               stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        _out, err = interrupt_once(process, lambda line: line.rsplit("|", 1)[-1].strip().startswith("pydantic"),
                                   never="pydantic was never imported", timeout=60)
    finally:
        process.kill()
    assert "Traceback" not in err and "KeyboardInterrupt" not in err, err
    assert process.returncode == ExitCode.INTERRUPTED, err
