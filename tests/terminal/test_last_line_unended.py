"""Input piped in whose last line has no line break (`printf 'quiz collectives\n1' | quiztutor play`, a script's
file saved without a final newline): the game asked whether stdin was a terminal after the pipe had closed it at
end of input, and failed with "quiztutor play failed: ValueError: I/O operation on closed file", exit 1, the last
answer lost. That line is acted on as any other, the answer kept, and the game says goodbye, exit 0."""

from __future__ import annotations

import re
import subprocess
import sys


def _play(env: dict[str, str], typed: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "adapters.cli.main", "play", "--lang", "fr", "--user", "ada"],
                          input=typed, env=env, capture_output=True, text=True, timeout=60, check=False)


def test_an_answer_on_a_last_line_without_a_break_is_kept(env: dict[str, str]) -> None:
    done = _play(env, "quiz collectives\n1")
    assert (done.returncode, done.stderr) == (0, ""), done.stderr
    assert "À bientôt" in done.stdout, done.stdout
    progress = _play(env, "progress\n")
    assert re.search(r"en cours\s:\sréponses 1 sur 3", progress.stdout), progress.stdout


def test_a_command_on_a_last_line_without_a_break_is_acted_on(env: dict[str, str]) -> None:
    done = _play(env, "quiz collectives")
    assert (done.returncode, done.stderr) == (0, ""), done.stderr
    assert "Question 1 sur 3" in done.stdout and "À bientôt" in done.stdout, done.stdout
