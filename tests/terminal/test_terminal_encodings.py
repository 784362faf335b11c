"""A terminal in another encoding than UTF-8: an old server's ISO-8859-1 locale, a Windows file redirect in
cp1252. The letters it can't show are "?", and the accents it sends are read as it sends them."""

from __future__ import annotations

import subprocess
import sys

import pytest


def quiztutor(*args: str) -> list[str]:
    return [sys.executable, "-m", "adapters.cli.main", *args]


@pytest.mark.parametrize("encoding", ["latin-1", "ascii"])
def test_a_terminal_that_cannot_show_every_letter_shows_the_others(env: dict[str, str], encoding: str) -> None:
    """An old terminal or a Windows file redirect whose encoding lacks "“" or "ẹ": the player exited 1 at its
    first line ("UnicodeEncodeError: 'latin-1' codec can't encode character")."""
    result = subprocess.run(quiztutor("play", "--lang", "yo", "--quiz", "collectives", "--user", encoding),
                            input="quit\n", env={**env, "PYTHONIOENCODING": encoding}, capture_output=True,
                            encoding=encoding, timeout=60)
    assert (result.returncode, result.stderr) == (0, ""), result.stderr
    assert "QuizTutor" in result.stdout and "(1-3) > " in result.stdout and "?" in result.stdout


def test_a_latin_1_terminal_types_its_accents_as_latin_1(env: dict[str, str]) -> None:
    result = subprocess.run(quiztutor("play", "--user", "latin"), input="language français\nquit\n",
                            env={**env, "PYTHONIOENCODING": "latin-1"}, capture_output=True, encoding="latin-1",
                            timeout=60)
    assert "Je vous parle désormais" in result.stdout, result.stdout  # "ç" was "\ufffd": an unknown language
