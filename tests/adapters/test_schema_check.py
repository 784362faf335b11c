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


def test_a_schema_file_that_isnt_utf8_is_said_out_of_date_with_its_name(tmp_path: Path) -> None:
    """A file saved in another encoding (or overwritten with binary) ended the check with a bare
    "UnicodeDecodeError: 'utf-8' codec can't decode byte 0xff ..." naming no file. It is not the schema this
    version writes, so it is out of date as any other: the file, the remedy, exit 1 as for a stale file."""
    content = tmp_path / "content"
    shutil.copytree(FIXTURES, content)
    schema = content / "quiz.schema.json"
    schema.write_bytes("{\"title\": \"Quiz file ¿\"}\n".encode("latin-1"))
    done = quiztutor({"QUIZ_CONTENT_DIR": str(content)}, "schema", "--check")
    assert done.returncode == 1, done.stdout + done.stderr
    assert done.stdout.strip() == (f"{schema} is out of date (not UTF-8 text): run `quiztutor schema`"), done.stdout
    assert "UnicodeDecodeError" not in done.stdout + done.stderr
    # and the remedy the message gives works
    assert quiztutor({"QUIZ_CONTENT_DIR": str(content)}, "schema").returncode == 0
    assert quiztutor({"QUIZ_CONTENT_DIR": str(content)}, "schema", "--check").returncode == 0
