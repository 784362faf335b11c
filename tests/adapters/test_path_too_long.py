"""A QUIZ_CONTENT_DIR or QUIZ_DATA_DIR (or a DIR argument) no file system can hold (a folder name over 255 bytes,
a pasted blob): refused naming the variable (exit 2), not "OSError: [Errno 36] File name too long" from wherever it
was first used (exit 1, or 4 for the data folder)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.adapters.test_settings_from_environment import FIXTURES, quiztutor


@pytest.mark.parametrize("variable", ["QUIZ_CONTENT_DIR", "QUIZ_DATA_DIR"])
@pytest.mark.parametrize("command", [["validate"], ["export"], ["stats"], ["schema"], ["play"]])
def test_a_folder_name_too_long_for_any_file_system_is_refused_naming_the_variable(
        tmp_path: Path, variable: str, command: list[str]) -> None:
    content = tmp_path / "content"  # a copy: `schema` writes into it
    shutil.copytree(FIXTURES, content)
    env = {"QUIZ_CONTENT_DIR": str(content), "QUIZ_DATA_DIR": str(tmp_path / "data"),
           variable: str(tmp_path / ("b" * 256) / "more")}
    done = quiztutor(env, *command)
    assert done.returncode == 2, done.stdout + done.stderr
    assert f"  {variable}: a folder name in it is 256 bytes long, more than the 255 a file system takes" \
        in done.stderr, done.stderr
    assert "OSError" not in done.stderr


def test_a_path_too_long_in_all_is_refused_too(tmp_path: Path) -> None:
    deep = tmp_path.joinpath(*["d" * 200] * 21)  # every name fits, the whole doesn't
    done = quiztutor({"QUIZ_CONTENT_DIR": str(deep)}, "validate")
    assert done.returncode == 2, done.stdout + done.stderr
    assert "  QUIZ_CONTENT_DIR: it is " in done.stderr and "more than the 4095 a path may have" in done.stderr


@pytest.mark.parametrize("command", ["validate", "export"])
def test_a_dir_argument_too_long_for_any_file_system_is_refused_as_the_variable_is(
        tmp_path: Path, command: str) -> None:
    done = quiztutor({"QUIZ_CONTENT_DIR": str(FIXTURES)}, command, str(tmp_path / ("b" * 256)))
    assert done.returncode == 2, done.stdout + done.stderr
    assert "argument dir: a folder name in it is 256 bytes long, more than the 255 a file system takes" \
        in done.stderr, done.stderr
    assert "OSError" not in done.stderr
