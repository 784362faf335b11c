"""`quiztutor schema --check` on a content folder of the operator's own (QUIZ_CONTENT_DIR)."""

from __future__ import annotations

import shutil
from pathlib import Path

from tests.adapters.test_settings_from_environment import FIXTURES, quiztutor


def test_a_missing_schema_file_is_said_missing_with_where_it_should_be(tmp_path: Path) -> None:
    content = tmp_path / "my content"  # a space too, as an operator's folder may have
    shutil.copytree(FIXTURES, content)
    (content / "quiz.schema.json").unlink(missing_ok=True)
    done = quiztutor({"QUIZ_CONTENT_DIR": str(content)}, "schema", "--check")
    assert done.returncode == 1, done.stdout + done.stderr
    assert f"{content / 'quiz.schema.json'} is missing" in done.stdout, done.stdout
    assert "out of date" not in done.stdout


def test_once_written_it_is_up_to_date(tmp_path: Path) -> None:
    content = tmp_path / "content"
    shutil.copytree(FIXTURES, content)
    assert quiztutor({"QUIZ_CONTENT_DIR": str(content)}, "schema").returncode == 0
    done = quiztutor({"QUIZ_CONTENT_DIR": str(content)}, "schema", "--check")
    assert (done.returncode, done.stdout.strip()) == (0, f"{content / 'quiz.schema.json'} is up to date")
