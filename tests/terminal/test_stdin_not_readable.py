"""`quiztutor play 0>file` (a script that opened stdin for writing by mistake): reading it failed with "quiztutor
play failed: OSError: [Errno 9] Bad file descriptor", exit 1, after the quiz list. Input that can't be read is no
input, as a closed stdin (`<&-`) is: the game says goodbye in the learner's language, exit 0."""

from __future__ import annotations

import shlex
import subprocess
import sys
from pathlib import Path


def test_a_stdin_opened_for_writing_ends_the_game_as_a_closed_one(env: dict[str, str], tmp_path: Path) -> None:
    command = shlex.join([sys.executable, "-m", "adapters.cli.main", "play", "--lang", "fr", "--user", "ada"])
    done = subprocess.run(["sh", "-c", f"exec {command} 0>{shlex.quote(str(tmp_path / 'written'))}"], env=env,
                          capture_output=True, text=True, timeout=60, check=False)
    assert (done.returncode, done.stderr) == (0, ""), done.stderr
    assert "À bientôt" in done.stdout, done.stdout
