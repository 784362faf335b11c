"""`quiztutor schema` and `schema --check` where quiz.schema.json is no regular file to read or write (a FIFO, one of
gigabytes, one this user may not read): one line naming the file and why, exit 2 as for a file that can't be
written; not a command that waits for ever, nor "MemoryError" or "PermissionError" as something unexpected (exit 1)."""

from __future__ import annotations

import os
import resource
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.support.unreadable import unprivileged, unreadable

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "tests" / "fixtures" / "content"
DEADLINE_S = 30  # writing the schema takes a second; a command blocked on the FIFO must fail the test, not hang it
MEMORY_CAP = 2 * 1024**3  # a regression reading the file whole dies of MemoryError, not of the machine's OOM


def schema(content: Path, *args: str, before: tuple[str, ...] = (),
           limits: Callable[[], None] | None = None) -> subprocess.CompletedProcess[str]:
    env = {key: value for key, value in os.environ.items() if not key.startswith("QUIZ_")}
    return subprocess.run([*before, sys.executable, "-m", "adapters.cli.main", "schema", *args], cwd=ROOT,
                          env={**env, "QUIZ_CONTENT_DIR": str(content)}, capture_output=True, text=True,
                          timeout=DEADLINE_S, check=False, preexec_fn=limits)


def content_with(tmp_path: Path, make: Callable[[Path], object]) -> tuple[Path, Path]:
    content = tmp_path / "content"
    shutil.copytree(FIXTURES, content)
    path = content / "quiz.schema.json"
    path.unlink(missing_ok=True)
    make(path)
    return content, path


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs are POSIX")
@pytest.mark.parametrize("check", [False, True])
def test_a_fifo_in_its_place_is_refused_at_once(tmp_path: Path, check: bool) -> None:
    content, path = content_with(tmp_path, os.mkfifo)
    done = schema(content, *(["--check"] if check else []))
    assert (done.returncode, done.stdout) == (2, "")
    verb = "read" if check else "write"
    assert done.stderr.strip() == (f"quiztutor schema: can't {verb} {path} (it is a named pipe (FIFO), not a regular "
                                   "file): check QUIZ_CONTENT_DIR and that folder")


def _sparse_gigabytes(path: Path) -> None:
    with path.open("wb") as file:
        file.truncate(3 * 1024**3)


def _cap_memory() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_CAP, MEMORY_CAP))


def test_check_refuses_a_file_of_gigabytes_without_reading_it(tmp_path: Path) -> None:
    content, path = content_with(tmp_path, _sparse_gigabytes)
    done = schema(content, "--check", limits=_cap_memory)
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr.strip() == (f"quiztutor schema: can't read {path} (it has 3,221,225,472 bytes; the limit is "
                                   "1,048,576 (1 MB) per file): check QUIZ_CONTENT_DIR and that folder")


def test_check_names_a_file_it_may_not_read(tmp_path: Path) -> None:
    content, path = content_with(tmp_path, lambda path: path.write_text("{}\n", encoding="utf-8"))
    with unreadable(path):
        done = schema(content, "--check", before=tuple(unprivileged()))
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr.strip() == (f"quiztutor schema: can't read {path} (Permission denied): check "
                                   "QUIZ_CONTENT_DIR and that folder")
