"""A command whose output can't be written (`quiztutor export > /dev/full`: a full disk) says so, with why, and
exits 2 as for an output that is closed: not "OSError: [Errno 28]" as if something unexpected failed (exit 1,
which for `validate` also means "problems found")."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from adapters.cli.exit_codes import ExitCode
from tests.adapters.test_settings_from_environment import FIXTURES

FULL = Path("/dev/full")  # every write to it fails with ENOSPC, as to a full disk


def to_full_disk(env: dict[str, str], *args: str, unbuffered: bool) -> subprocess.CompletedProcess[str]:
    clean = {key: value for key, value in os.environ.items()
             if not key.startswith("QUIZ_") and key != "PYTHONUNBUFFERED"}
    # Buffered (Python's default for a file), the failure surfaced only at exit, as "Exception ignored ...".
    extra = {"PYTHONUNBUFFERED": "1"} if unbuffered else {}
    with FULL.open("w") as full:
        return subprocess.run([sys.executable, "-m", "adapters.cli.main", *args], env={**clean, **env, **extra},
                              stdin=subprocess.DEVNULL, stdout=full, stderr=subprocess.PIPE, text=True, timeout=60)


@pytest.mark.skipif(not FULL.exists(), reason="needs /dev/full (Linux)")
@pytest.mark.parametrize("unbuffered", [True, False])
@pytest.mark.parametrize("args", [["export"], ["stats"], ["stats", "--json"], ["validate"], ["validate", "broken"],
                                  ["schema", "--check"], ["play"]])
def test_an_output_that_cant_be_written_is_said_with_why_and_exit_2(tmp_path: Path, args: list[str],
                                                                   unbuffered: bool) -> None:
    if args[-1] == "broken":  # problems to list: validate's other way of printing
        (tmp_path / "broken" / "quizzes").mkdir(parents=True)
        (tmp_path / "broken" / "quizzes" / "bad.yaml").write_text("id: [\n", encoding="utf-8")
        args = ["validate", str(tmp_path / "broken")]
    env = {"QUIZ_CONTENT_DIR": str(FIXTURES), "QUIZ_DATA_DIR": str(tmp_path / "data")}
    done = to_full_disk(env, *args, unbuffered=unbuffered)
    assert done.returncode == ExitCode.CONFIGURATION, done.stderr
    said = (f"quiztutor {args[0]}: its standard output couldn't be written (No space left on device), so what it "
            "printed is missing or cut short: send it where it can be written")
    assert done.stderr.splitlines()[-1] == said, done.stderr
    assert "Traceback" not in done.stderr and "Exception ignored" not in done.stderr
