"""`quiztutor play` waiting for another process's migration of the database (its write lock held) tells a learner
who plays in French why nothing happens yet, and how to stop waiting, in French, beside the log's English line for
the operator. Before, only the English log line said it."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
from pathlib import Path

from tests.support.interrupt import interrupt_once

PLAY = [sys.executable, "-m", "adapters.cli.main", "play", "--lang", "fr"]
FRENCH_WAIT = ("Un autre QuizTutor met à jour la base de données où votre progression est gardée\u00a0: j’attends "
               "qu’il ait fini (au plus 600\u00a0s).")


def test_the_wait_for_another_migration_is_said_in_french(env: dict[str, str]) -> None:
    made = subprocess.run(PLAY, input="quit\n", env=env, capture_output=True, text=True, timeout=60)
    assert made.returncode == 0, made.stderr
    holder = sqlite3.connect(Path(env["QUIZ_DATA_DIR"]) / "quiztutor.sqlite3", isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")  # as a migration under way holds it
    process = subprocess.Popen(PLAY, env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               text=True)
    seen: list[str] = []

    def reached(line: str) -> bool:
        seen.append(line)
        return "waiting for it to finish" in line  # the operator's line, said after the learner's

    try:
        interrupt_once(process, reached, never="play never waited for the lock", timeout=60)
    finally:
        process.kill()
        holder.close()
    assert any(line.startswith(FRENCH_WAIT) for line in seen), seen
