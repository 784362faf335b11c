"""`quiztutor validate` names every file in quizzes/ it did not read, as a warning: the author's quiz saved as
fsdp.yaml.txt or put in a folder is otherwise never served, and nothing says why."""

from __future__ import annotations

import io
from pathlib import Path

from adapters.cli.catalog_tools import validate
from adapters.platforms import chat_platforms
from tests.core.content_files import a_quiz, write

NOT_A_QUIZ = "not read: quiz files end in .yaml or .yml"
A_FOLDER = "not read: a folder (quiz files are read from quizzes/ itself, not from folders in it)"


def run_validate(content_dir: Path) -> tuple[int, list[str]]:
    out = io.StringIO()
    code = validate(content_dir, {spec.name: spec.poll_limits for spec in chat_platforms()}, out)
    return code, out.getvalue().splitlines()


def test_the_files_not_read_are_named_and_validate_passes(tmp_path: Path) -> None:
    write(tmp_path, "sample.yaml", a_quiz())
    write(tmp_path, "other.yml", a_quiz("other"))
    write(tmp_path, "fsdp.yaml.txt", a_quiz("fsdp"))
    write(tmp_path, "zero.json", "{}")
    (tmp_path / "quizzes" / "drafts").mkdir()
    code, lines = run_validate(tmp_path)
    assert code == 0, lines
    assert lines[0].startswith("OK: 2 quizzes, 4 questions")
    heading = lines.index("3 files in quizzes/ not read:")
    assert lines[heading + 1:heading + 4] == [f"  drafts: {A_FOLDER}", f"  fsdp.yaml.txt: {NOT_A_QUIZ}",
                                              f"  zero.json: {NOT_A_QUIZ}"]
    assert not any("naming warning" in line for line in lines), lines  # other.yml is named after its quiz


def test_with_no_quiz_read_the_files_not_read_are_named_beside_the_problem(tmp_path: Path) -> None:
    write(tmp_path, "fsdp.yaml.txt", a_quiz("fsdp"))
    code, lines = run_validate(tmp_path)
    assert code == 1
    assert lines == [f"1 problem in {tmp_path}:", f"  {tmp_path / 'quizzes'}: no quiz files (*.yaml or *.yml) found",
                     "1 file in quizzes/ not read:", f"  fsdp.yaml.txt: {NOT_A_QUIZ}"]
