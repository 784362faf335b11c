"""A content folder's translations (locales/) that aren't files to read: a directory, a broken link or a FIFO where
a catalog goes, one far too big, a folder that can't be listed. Each refused by name, as a quiz file would be, not
skipped without a word (the language's learners then read English) nor read whole nor crashed on."""

from __future__ import annotations

import os
import resource
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from bot.content.problems import ContentError
from bot.i18n import UiTexts
from tests.support.unreadable import unprivileged, unreadable

ROOT = Path(__file__).resolve().parents[2]
LOCALES = ROOT / "content" / "locales"
FRENCH = Path("fr") / "LC_MESSAGES" / "quiztutor.po"
MEMORY_CAP = 2 * 1024**3  # a regression reading a huge catalog whole dies of MemoryError, not of the machine's OOM


def validate(content: Path, *before: str, limits: Callable[[], None] | None = None
             ) -> subprocess.CompletedProcess[str]:
    """`quiztutor validate` run as ``before`` says (unprivileged()), within ``limits`` (set in the child)."""
    return subprocess.run([*before, sys.executable, "-m", "adapters.cli.main", "validate", str(content)],
                          cwd=ROOT, capture_output=True, text=True, timeout=60, check=False, preexec_fn=limits)


def content_with_quizzes(tmp_path: Path) -> Path:
    content = tmp_path / "content"
    shutil.copytree(ROOT / "tests" / "fixtures" / "content", content)
    shutil.copytree(LOCALES, content / "locales")
    return content


def _directory(path: Path) -> None:
    path.mkdir()


def _broken_link(path: Path) -> None:
    path.symlink_to(path.parent / "moved-away.po")


def _fifo(path: Path) -> None:
    os.mkfifo(path)


@pytest.mark.parametrize(("make", "reason"), [
    (_directory, "it is a directory, not a regular file"),
    (_broken_link, "No such file or directory"),
    pytest.param(_fifo, "it is a named pipe (FIFO), not a regular file",
                 marks=pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs are POSIX")),
])
def test_what_is_no_catalog_where_one_goes_is_refused_by_name(tmp_path: Path, make: Callable[[Path], None],
                                                               reason: str) -> None:
    locales = tmp_path / "locales"
    shutil.copytree(LOCALES, locales)
    (locales / FRENCH).unlink()
    make(locales / FRENCH)
    with pytest.raises(ContentError) as refused:
        UiTexts.load(locales)
    assert str(refused.value) == f"locales/{FRENCH}: can't be read: {reason}"


def _cap_memory() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_CAP, MEMORY_CAP))


def test_a_catalog_of_gigabytes_is_refused_with_its_size_without_reading_it(tmp_path: Path) -> None:
    content = content_with_quizzes(tmp_path)
    with (content / "locales" / FRENCH).open("r+b") as catalog:
        catalog.truncate(3 * 1024**3)  # sparse: no disk used, and read whole it would need 3 GB
    done = validate(content, limits=_cap_memory)
    assert (done.returncode, done.stderr) == (1, "")
    assert done.stdout.splitlines() == [
        f"1 problem in {content}:",
        f"  locales/{FRENCH}: can't be read: it has 3,221,225,472 bytes; the limit is 1,048,576 (1 MB) per file"]


def test_a_locales_folder_that_cant_be_listed_is_named_once(tmp_path: Path) -> None:
    content = content_with_quizzes(tmp_path)
    with unreadable(content / "locales"):
        done = validate(content, *unprivileged())
    assert (done.returncode, done.stderr) == (1, "")
    assert done.stdout.splitlines() == [f"1 problem in {content}:", "  locales: can't be read: Permission denied"]


@pytest.mark.parametrize("command", ["validate", "play"])
@pytest.mark.parametrize("replace", ["a file", "a broken link"])
def test_a_locales_folder_replaced_by_a_file_or_a_broken_link_is_named(tmp_path: Path, command: str,
                                                                       replace: str) -> None:
    """Not passed over for the shipped translations, the content's own left unused without a word."""
    content = content_with_quizzes(tmp_path)
    shutil.rmtree(content / "locales")
    if replace == "a file":
        (content / "locales").write_text("the translations were here\n", encoding="utf-8")
    else:
        (content / "locales").symlink_to(tmp_path / "unmounted" / "locales")
    reason = "Not a directory" if replace == "a file" else "No such file or directory"
    env = {key: value for key, value in os.environ.items() if not key.startswith("QUIZ_")}
    done = subprocess.run([sys.executable, "-m", "adapters.cli.main", command,
                           *([str(content)] if command == "validate" else [])], cwd=ROOT, capture_output=True,
                          text=True, timeout=60, check=False, stdin=subprocess.DEVNULL,
                          env={**env, "QUIZ_CONTENT_DIR": str(content), "QUIZ_DATA_DIR": str(tmp_path / "data")})
    if command == "validate":
        assert (done.returncode, done.stderr) == (1, "")
        assert done.stdout.splitlines() == [f"1 problem in {content}:", f"  locales: can't be read: {reason}"]
    else:
        assert done.returncode == 3
        assert done.stderr.splitlines() == [f"quiztutor: the content in {content} is invalid:",
                                            f"locales: can't be read: {reason}"]
