"""Where the SQLite database should be, something it can't be: a named pipe (FIFO) or a device given as the database
file made every command say "can't write ...: disk I/O error (is the disk full, or the file too large?)", SQLite's
words, about a disk that was fine; a data folder this user may enter and write but not list (mode 300) made `run`
with Discord (whose process lock looks in the folder for the other processes' lock files) say "this user may not
read it" of the SQLite file, which it may. Each now names the path and what is really wrong (exit 4)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from adapters.cli.exit_codes import ExitCode
from tests.adapters.test_settings_from_environment import FIXTURES
from tests.support.unreadable import unprivileged

COMMANDS = {"stats": ["stats"], "play": ["play", "--lang", "en"]}
TOKEN = "MTAxMjM0NTY3ODkwMTIzNDU2.Gabcde.abcdefghijklmnopqrstuvwxyz0123456789"  # a Discord token's shape
ROOT = Path(__file__).resolve().parents[2]  # for `python -m tests.discord.run_process`
UNREACHABLE = "http://127.0.0.1:9"  # discord.py is pointed here, should the lock ever let it start


def _run(tmp_path: Path, arguments: list[str], prefix: list[str] | None = None,
         **settings: str) -> subprocess.CompletedProcess[str]:
    clean = {key: value for key, value in os.environ.items() if not key.startswith("QUIZ_")}
    return subprocess.run([*(prefix or []), sys.executable, "-m", *arguments], cwd=tmp_path, capture_output=True,
                          text=True, input="quit\n", timeout=60, check=False,
                          env={**clean, "PYTHONPATH": str(ROOT), "QUIZ_CONTENT_DIR": str(FIXTURES), **settings})


def _said(done: subprocess.CompletedProcess[str], *words: str) -> None:
    output = done.stdout + done.stderr
    assert done.returncode == ExitCode.DATABASE, (done.returncode, output[-3000:])
    assert "Traceback" not in output, output[-3000:]
    for word in words:
        assert word in done.stderr, done.stderr


@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_a_named_pipe_given_as_the_database_is_said_to_be_one(tmp_path: Path, command: str) -> None:
    pipe = tmp_path / "quiz.sqlite3"
    os.mkfifo(pipe)
    done = _run(tmp_path, ["adapters.cli.main", *COMMANDS[command]],
                QUIZ_DATABASE_URL=f"sqlite+aiosqlite:///{pipe}")
    _said(done, f"{pipe}: it is a named pipe (FIFO), not a regular file, where QuizTutor needs its SQLite "
                "database file (check QUIZ_DATA_DIR, or QUIZ_DATABASE_URL if set)")
    assert "disk I/O" not in done.stderr and "disk full" not in done.stderr, done.stderr


def test_a_device_given_as_the_database_is_said_to_be_one(tmp_path: Path) -> None:
    done = _run(tmp_path, ["adapters.cli.main", "stats"], QUIZ_DATABASE_URL="sqlite+aiosqlite:////dev/null")
    _said(done, "/dev/null: it is a character device, not a regular file")


def test_a_data_folder_it_may_not_list_is_said_so_not_a_file_it_may_not_read(tmp_path: Path) -> None:
    data = tmp_path / "data"
    data.mkdir()
    prefix = unprivileged()
    data.chmod(0o300)  # enter and write, not list
    try:
        done = _run(tmp_path, ["tests.discord.run_process", UNREACHABLE, UNREACHABLE, "run"], prefix,
                    QUIZ_DATA_DIR=str(data), QUIZ_DISCORD_TOKEN=TOKEN)
    finally:
        data.chmod(0o755)
    _said(done, f"may not list the folder {data}")
    assert "may not read it" not in done.stderr and "read-only" not in done.stderr, done.stderr
