"""Quiz files that aren't regular files, or are too big: refused by name, quickly, without reading them."""

from __future__ import annotations

import asyncio
import contextlib
import os
import resource
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from bot.content.library import ContentLibrary
from bot.content.loader import load_quizzes, skipped_files
from bot.content.problems import ContentError, ContentProblem
from bot.i18n import UiTexts
from content import default_content_dir
from tests.core.content_files import a_quiz, only_problem, write

DEADLINE_S = 5  # reading these takes milliseconds; a hang must fail the test, not the suite
MEMORY_CAP = 2 * 1024**3  # address space for the /dev/zero subprocess: a regression dies of MemoryError, not OOM

needs_posix = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs and /dev/zero are POSIX")


def release(fifo: Path) -> None:
    """Unblock a reader stuck opening the FIFO (it then reads end-of-file); harmless when nobody waits."""
    with contextlib.suppress(OSError):  # ENXIO: no reader, nothing to release
        os.close(os.open(fifo, os.O_WRONLY | os.O_NONBLOCK))


def problems_within_deadline(content_dir: Path, fifo: Path) -> list[ContentProblem]:
    found: list[list[ContentProblem]] = []

    def load() -> None:
        try:
            load_quizzes(content_dir)
        except ContentError as error:
            found.append(error.problems)

    thread = threading.Thread(target=load, daemon=True)
    thread.start()
    thread.join(DEADLINE_S)
    hung = thread.is_alive()
    release(fifo)
    thread.join(DEADLINE_S)
    assert not hung, f"loading blocked on the FIFO for {DEADLINE_S} s"
    assert found, "the FIFO was loaded without a problem"
    return found[0]


@needs_posix
def test_a_fifo_named_like_a_quiz_is_refused_at_once(tmp_path: Path) -> None:
    write(tmp_path, "good.yaml", a_quiz())
    fifo = tmp_path / "quizzes" / "x.yaml"
    os.mkfifo(fifo)
    assert problems_within_deadline(tmp_path, fifo) == [
        ContentProblem("x.yaml", None, "not read: it is a named pipe (FIFO), not a regular file")]


@needs_posix
async def test_a_reload_with_a_fifo_fails_at_once_and_releases_its_lock(library: ContentLibrary,
                                                                         content_dir: Path) -> None:
    before = library.catalog
    fifo = content_dir / "quizzes" / "x.yaml"
    os.mkfifo(fifo)
    try:
        first = await asyncio.wait_for(library.reload(), DEADLINE_S)
        second = await asyncio.wait_for(library.reload(), DEADLINE_S)  # would wait forever on a held lock
    finally:
        release(fifo)
    for result in (first, second):
        assert not result.ok and library.catalog is before
        assert [problem.file for problem in result.problems] == ["x.yaml"]


def _cap_memory() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_CAP, MEMORY_CAP))


@needs_posix
@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="needs /dev/zero")
def test_validate_refuses_a_symlink_to_dev_zero_without_reading_it(tmp_path: Path) -> None:
    write(tmp_path, "good.yaml", a_quiz())
    (tmp_path / "quizzes" / "zero.yaml").symlink_to("/dev/zero")
    # A subprocess with capped memory and a timeout: a regression reads forever, and must not take the suite along.
    done = subprocess.run([sys.executable, "-m", "adapters.cli.main", "validate", str(tmp_path)],
                          capture_output=True, text=True, timeout=30, preexec_fn=_cap_memory, check=False)
    assert (done.returncode, done.stderr) == (1, "")
    assert done.stdout.splitlines()[1:] == [
        "  zero.yaml: not read: it is a character device, not a regular file"]


def test_a_file_over_one_megabyte_is_refused_with_its_size(tmp_path: Path) -> None:
    write(tmp_path, "big.yaml", "# " + "x" * (1024 * 1024) + "\n")
    problem = only_problem(tmp_path)
    assert problem == ContentProblem(
        "big.yaml", None, "not read: it has 1,048,579 bytes; the limit is 1,048,576 (1 MB) per file")
    # Said to a French admin, the numbers as French writes them (a comma is its decimal point): before, "1,048,579".
    french = UiTexts.load(default_content_dir() / "locales").for_language("fr")
    assert "1\u202f048\u202f579" in problem.said(french) and "1\u202f048\u202f576" in problem.said(french)


def test_a_symlink_to_a_regular_quiz_file_still_loads(tmp_path: Path) -> None:
    write(tmp_path, "elsewhere.txt", a_quiz())
    (tmp_path / "quizzes" / "linked.yaml").symlink_to(tmp_path / "quizzes" / "elsewhere.txt")
    assert [quiz.id for quiz in load_quizzes(tmp_path)] == ["sample"]


@pytest.mark.parametrize("name", ["other.json", "other.yaml.txt", "notes.txt"])
def test_a_file_of_another_ending_is_named_not_silently_left_out(tmp_path: Path, name: str) -> None:
    write(tmp_path, "sample.yaml", a_quiz())
    write(tmp_path, name, a_quiz("other"))
    assert [quiz.id for quiz in load_quizzes(tmp_path)] == ["sample"]  # a warning, not a problem: the rest serves
    assert skipped_files(tmp_path) == [ContentProblem(name, None, "not read: quiz files end in .yaml or .yml")]
