"""A quiz folder, or the content folder, that can't be read (chmod, another user's files): its problem, named,
as any file's, not a PermissionError. Run in processes that file modes hold for (tests/support/unreadable.py).
A content folder the command line may not enter is refused before it is read:
tests/adapters/test_content_folder_refused.py."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from bot.i18n import UiTexts
from content import default_content_dir
from tests.core.content_files import a_quiz, write
from tests.support.unreadable import unprivileged, unreadable

REPOSITORY = Path(__file__).resolve().parents[2]
DENIED = "Permission denied"


def quiztutor(*args: str, **env: str) -> subprocess.CompletedProcess[str]:
    """The command as the unprivileged() user runs it, with ``env``'s QUIZ_* settings only."""
    clean = {key: value for key, value in os.environ.items() if not key.startswith("QUIZ_")}
    return subprocess.run([*unprivileged(), sys.executable, "-m", "adapters.cli.main", *args], cwd=REPOSITORY,
                          env={**clean, **env}, capture_output=True, text=True, timeout=60, check=False)


def test_validate_names_a_quiz_folder_it_may_not_list(tmp_path: Path) -> None:
    write(tmp_path, "sample.yaml", a_quiz())
    with unreadable(tmp_path / "quizzes"):
        done = quiztutor("validate", str(tmp_path))
    assert (done.returncode, done.stderr) == (1, "")
    assert done.stdout.splitlines() == [f"1 problem in {tmp_path}:",
                                        f"  {tmp_path / 'quizzes'}: can't be read: {DENIED}"]


def test_a_reload_tells_a_french_admin_the_folder_it_may_not_list_and_keeps_the_content(content_dir: Path) -> None:
    reloading = subprocess.Popen([*unprivileged(), sys.executable, "-m", "tests.support.reload_in_french",
                                  str(content_dir)], cwd=REPOSITORY, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                 text=True)
    try:
        assert reloading.stdout is not None and reloading.stdout.readline() == "loaded\n"
        with unreadable(content_dir / "quizzes"):
            out, _err = reloading.communicate("\n", timeout=60)
    finally:
        reloading.kill()
    fr = UiTexts.load(default_content_dir() / "locales").for_language("fr")
    assert json.loads(out) == {
        "kept": True,
        "summary": fr.ngettext("The new content has {n} problem, so I kept serving the previous content:",
                               "The new content has {n} problems, so I kept serving the previous content:", 1),
        "problems": [f"{content_dir / 'quizzes'}\u00a0: illisible\u00a0: permission refusée"]}
