"""`quiztutor validate FILE`, a file given as the content folder (or QUIZ_CONTENT_DIR set to one), or a content
folder whose quizzes/ is a file: said "no such directory", sending the operator looking for a folder that isn't
missing, only mistaken for a file. It says it is a file, not a folder: the loader (for /reload too), and the command
line before it loads, with exit 2 as for any path given wrong (tests/adapters/test_content_folder_refused.py)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from adapters.cli.exit_codes import ExitCode
from tests.core.content_files import only_problem

ROOT = Path(__file__).resolve().parents[2]
ADVICE = "a file, not a folder (give the folder that contains quizzes/)"


def test_validate_given_a_file_says_it_is_one(tmp_path: Path) -> None:
    readme = tmp_path / "README.md"
    readme.write_text("# not content\n", encoding="utf-8")
    clean = {key: value for key, value in os.environ.items() if not key.startswith("QUIZ_")}
    done = subprocess.run([sys.executable, "-m", "adapters.cli.main", "validate", str(readme)], cwd=ROOT,
                          env={**clean, "QUIZ_DATA_DIR": str(tmp_path / "data")}, stdin=subprocess.DEVNULL,
                          capture_output=True, text=True, timeout=60)
    assert (done.returncode, done.stdout) == (ExitCode.CONFIGURATION, ""), done.stderr
    assert done.stderr.splitlines() == [f"quiztutor validate: DIR names no folder: {readme} is a file "
                                        "(give the folder that contains quizzes/)"], done.stderr


def test_a_quizzes_file_in_the_folder_is_said_to_be_one(tmp_path: Path) -> None:
    (tmp_path / "quizzes").write_text("fsdp.yaml\n", encoding="utf-8")
    problem = only_problem(tmp_path)
    assert (problem.file, problem.message) == (str(tmp_path / "quizzes"), ADVICE)
