"""`quiztutor play` that can't start, for a learner who plays in French, Swahili or Shona: why, and what to do, in
their language (--lang, else the terminal's), before the operator's English line; the exit code as before. Before,
all of it was in English."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from adapters.cli.exit_codes import ExitCode
from tests.adapters.test_no_home_folder import AS_UNKNOWN_USER

PLAY = [sys.executable, "-m", "adapters.cli.main", "play"]
DETAILS_FR = "Les détails, en anglais, pour qui vous aidera\u00a0:"


def played(env: dict[str, str], *arguments: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*PLAY, *arguments], input="quit\n", env=env, capture_output=True, text=True, timeout=60)


def set_up(env: dict[str, str]) -> Path:
    """The learner's database, made by a first game."""
    assert played(env, "--lang", "en").returncode == 0
    return Path(env["QUIZ_DATA_DIR"]) / "quiztutor.sqlite3"


def test_a_database_of_a_newer_version_is_said_in_french(env: dict[str, str]) -> None:
    database = sqlite3.connect(set_up(env))
    with database:
        database.execute("UPDATE alembic_version SET version_num = '9999'")  # as a newer release leaves it
    database.close()
    refused = played(env, "--lang", "fr")
    assert refused.returncode == ExitCode.DATABASE, refused.stderr
    assert ("Votre progression a été enregistrée par une version plus récente de QuizTutor"
            in refused.stderr), refused.stderr
    assert DETAILS_FR in refused.stderr and "set up by a newer QuizTutor" in refused.stderr  # the operator's too
    assert "Traceback" not in refused.stderr


def test_a_database_another_process_keeps_locked_is_said_in_shona(env: dict[str, str]) -> None:
    holder = sqlite3.connect(set_up(env), isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")  # another QuizTutor writing, or a program holding a transaction open
    try:
        refused = played(env | {"QUIZ_MIGRATION_WAIT_SECONDS": "1"}, "--lang", "sn")
    finally:
        holder.close()
    assert refused.returncode == ExitCode.MIGRATION_WAIT, refused.stderr
    assert "Kufambira mberi kwenyu kuri kushandiswa neimwe QuizTutor" in refused.stderr, refused.stderr


def test_a_data_folder_that_cant_be_written_is_said_in_the_terminals_swahili(env: dict[str, str],
                                                                             tmp_path: Path) -> None:
    if subprocess.run([*AS_UNKNOWN_USER, "true"], capture_output=True).returncode != 0:
        pytest.skip("no unprivileged user namespaces here (unshare --user)")  # root writes whatever the mode
    data = set_up(env).parent
    data.chmod(0o555)
    try:
        refused = subprocess.run([*AS_UNKNOWN_USER, *PLAY], input="quit\n", env=env | {"LANG": "sw_KE.UTF-8"},
                                 capture_output=True, text=True, timeout=60)
    finally:
        data.chmod(0o755)
    assert refused.returncode == ExitCode.DATABASE, refused.stderr
    assert "Maendeleo yako hayawezi kuhifadhiwa: folda ambamo QuizTutor huyaweka haiwezi kuandikwa" \
        in refused.stderr, refused.stderr


def test_quiz_files_with_mistakes_are_said_in_french(env: dict[str, str], tmp_path: Path) -> None:
    content = tmp_path / "content"
    (content / "quizzes").mkdir(parents=True)
    (content / "quizzes" / "broken.yaml").write_text("title: x\n", encoding="utf-8")
    refused = played(env | {"QUIZ_CONTENT_DIR": str(content), "LANG": "fr_FR.UTF-8"})
    assert refused.returncode == ExitCode.CONTENT, refused.stderr
    assert "Les quiz ne peuvent pas être chargés" in refused.stderr, refused.stderr
    assert "broken.yaml: missing 'id'" in refused.stderr  # the problems, as `quiztutor validate` says them


def test_english_is_said_as_before(env: dict[str, str], tmp_path: Path) -> None:
    content = tmp_path / "content"
    (content / "quizzes").mkdir(parents=True)
    (content / "quizzes" / "broken.yaml").write_text("title: x\n", encoding="utf-8")
    refused = played(env | {"QUIZ_CONTENT_DIR": str(content)})
    assert refused.returncode == ExitCode.CONTENT
    assert refused.stderr.startswith(f"quiztutor: the content in {content} is invalid:"), refused.stderr
