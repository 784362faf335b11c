"""`quiztutor play`'s log level: quiet (WARNING) unless the learner's environment sets one, and the one it sets as
`run` reads it, however the variable is spelled."""

from __future__ import annotations

import subprocess
import sys

import pytest


def played(env: dict[str, str]) -> str:
    result = subprocess.run([sys.executable, "-m", "adapters.cli.main", "play", "--quiz", "collectives"],
                            input="1\nquit\n", env=env, capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert "Question 1 of 3" in result.stdout
    return result.stderr


@pytest.mark.parametrize("variable", ["QUIZ_LOG_LEVEL", "quiz_log_level"])
def test_a_level_the_settings_read_is_the_level_play_logs_at(env: dict[str, str], variable: str) -> None:
    """The settings read QUIZ_* in any case (as `run` does), but play looked for "QUIZ_LOG_LEVEL" in the
    environment itself: `quiz_log_level=debug` went quiet, with no DEBUG line nor any failure's traceback."""
    assert " DEBUG aiosqlite: " in played({**env, variable: "debug"})


@pytest.mark.parametrize("extra", [{}, {"QUIZ_LOG_LEVEL": ""}])
def test_without_a_level_play_keeps_the_learners_screen_quiet(env: dict[str, str], extra: dict[str, str]) -> None:
    """An empty QUIZ_LOG_LEVEL= counts as unset, as every setting's does: the quiet default, not INFO."""
    assert played({**env, **extra}) == ""
