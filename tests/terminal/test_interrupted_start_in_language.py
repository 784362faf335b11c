"""Ctrl-C while `quiztutor play` still opens the database, for a learner whose terminal speaks Swahili and who gave
no --lang: the goodbye is in Swahili, as the game they would have played, not English."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
from pathlib import Path

from adapters.cli.exit_codes import ExitCode
from tests.support.interrupt import interrupt_once

PLAY = [sys.executable, "-m", "adapters.cli.main", "play"]


def test_ctrl_c_while_opening_says_goodbye_in_the_terminals_language(env: dict[str, str]) -> None:
    swahili = env | {"LANG": "sw_KE.UTF-8"}
    made = subprocess.run(PLAY, input="quit\n", env=swahili, capture_output=True, text=True, timeout=60)
    assert made.returncode == 0, made.stderr
    assert made.stdout.startswith("Karibu"), made.stdout  # the game itself speaks Swahili
    holder = sqlite3.connect(Path(env["QUIZ_DATA_DIR"]) / "quiztutor.sqlite3", isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")  # as a migration under way holds it
    process = subprocess.Popen(PLAY, env=swahili, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True)
    try:
        out, err = interrupt_once(process, lambda line: "waiting for it to finish" in line,
                                  never="play never waited for the lock", timeout=60)
    finally:
        process.kill()
        holder.close()
    assert process.returncode == ExitCode.INTERRUPTED, err
    assert "Kwaheri! Maendeleo yako yamehifadhiwa" in out, (out, err)  # before: "Bye! Your progress is saved"
