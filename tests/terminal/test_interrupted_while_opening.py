"""Ctrl-C while `quiztutor play` still opens the database (waiting for another process's migration, here the SQLite
file's write lock held) ends it as Ctrl-C later does, exit 130: not after the rest of QUIZ_MIGRATION_WAIT_SECONDS
(600 s by default, beyond communicate's 60)."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
from pathlib import Path

from adapters.cli.exit_codes import ExitCode
from tests.support.interrupt import interrupt_once

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "content"


def test_ctrl_c_while_waiting_for_the_database_ends_the_wait(tmp_path: Path) -> None:
    clean = {key: value for key, value in os.environ.items() if not key.startswith("QUIZ_")}
    env = {**clean, "QUIZ_CONTENT_DIR": str(FIXTURES), "QUIZ_DATA_DIR": str(tmp_path)}
    command = [sys.executable, "-m", "adapters.cli.main", "play", "--lang", "fr"]
    made = subprocess.run(command, input="quit\n", env=env, capture_output=True, text=True, timeout=60)
    assert made.returncode == 0, made.stderr
    holder = sqlite3.connect(tmp_path / "quiztutor.sqlite3", isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")  # as a migration under way holds it
    process = subprocess.Popen(command, env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True)
    try:
        out, err = interrupt_once(process, lambda line: "waiting for it to finish" in line,
                                  never="play never waited for the lock", timeout=60)
    finally:
        process.kill()
        holder.close()
    assert process.returncode == ExitCode.INTERRUPTED, err
    assert "Traceback" not in err, err
    # The goodbye, as Ctrl-C at any later moment says it (other commands say "Bye!" on stderr): not silence.
    assert "À bientôt\xa0! Votre progression est enregistrée" in out, (out, err)
