"""`quiztutor schema` into a QUIZ_CONTENT_DIR that names no folder (a typo, a volume not mounted): one line naming
the folder and the setting, exit 2 as for any wrong setting; not "FileNotFoundError: ..." (exit 1)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.adapters.test_settings_from_environment import FIXTURES, quiztutor


@pytest.mark.parametrize("check", [False, True])
def test_a_content_folder_that_doesnt_exist_is_named_with_its_setting(tmp_path: Path, check: bool) -> None:
    missing = tmp_path / "no such folder"
    done = quiztutor({"QUIZ_CONTENT_DIR": str(missing)}, "schema", *(["--check"] if check else []))
    assert done.returncode == 2, done.stdout + done.stderr
    assert done.stderr.strip() == (f"quiztutor schema: QUIZ_CONTENT_DIR names no folder: {missing} doesn't exist "
                                   "(give the folder that contains quizzes/)"), done.stderr
    assert not missing.exists()


def test_a_file_where_the_folder_should_be_is_said_so(tmp_path: Path) -> None:
    file = tmp_path / "content.txt"
    file.write_text("not a folder\n", encoding="utf-8")
    done = quiztutor({"QUIZ_CONTENT_DIR": str(file)}, "schema")
    assert done.returncode == 2, done.stdout + done.stderr
    assert done.stderr.strip() == (f"quiztutor schema: QUIZ_CONTENT_DIR names no folder: {file} is a file "
                                   "(give the folder that contains quizzes/)"), done.stderr


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full (Linux)")
def test_a_schema_file_that_cant_be_written_is_said_with_why(tmp_path: Path) -> None:
    """A full disk, here a schema file that is /dev/full: the reason, not "OSError: [Errno 28]"."""
    content = tmp_path / "content"
    shutil.copytree(FIXTURES, content)
    schema = content / "quiz.schema.json"
    schema.unlink(missing_ok=True)
    schema.symlink_to("/dev/full")
    done = quiztutor({"QUIZ_CONTENT_DIR": str(content)}, "schema")
    assert done.returncode == 2, done.stdout + done.stderr
    assert done.stderr.strip() == (f"quiztutor schema: can't write {schema} (No space left on device): check "
                                   "QUIZ_CONTENT_DIR and that folder"), done.stderr


def test_the_help_says_the_schema_goes_into_quiz_content_dir_where_it_is_written(tmp_path: Path) -> None:
    """Before, both helps said content/quiz.schema.json (or nothing), while the file went into QUIZ_CONTENT_DIR:
    an operator with their own content folder looked for it, or its --check, in the wrong place."""
    content = tmp_path / "my content"
    shutil.copytree(FIXTURES, content)
    (content / "quiz.schema.json").unlink(missing_ok=True)
    assert quiztutor({"QUIZ_CONTENT_DIR": str(content)}, "schema").returncode == 0
    assert (content / "quiz.schema.json").is_file()
    listing = quiztutor({}, "--help").stdout
    line = next(line for line in listing.splitlines() if line.strip().startswith("schema "))
    own = " ".join(quiztutor({}, "schema", "--help").stdout.split())  # argparse wraps it to the terminal
    for text in (line, own):
        assert "quiz.schema.json" in text and "QUIZ_CONTENT_DIR" in text, text
        assert "content/quiz.schema.json" not in text, text
