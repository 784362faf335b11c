"""A terminal in another encoding than UTF-8: an old server's ISO-8859-1 locale, a Windows file redirect in
cp1252. The letters it can't show are "?", and the accents it sends are read as it sends them."""

from __future__ import annotations

import os
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


def test_a_name_typed_on_a_latin_1_terminal_is_the_same_learner_as_typed_in_utf_8(env: dict[str, str]) -> None:
    """``--user josé`` from an ISO-8859-1 terminal reaches Python, in a UTF-8 locale, as "jos\\udce9", which SQLite
    can't store: the game failed with "UnicodeEncodeError: ... surrogates not allowed" (exit 1)."""
    latin = subprocess.run([*quiztutor("play", "--user"), b"jos\xe9"], input="language fr\nquit\n",
                           env={**env, "PYTHONIOENCODING": "latin-1"}, capture_output=True, encoding="latin-1",
                           timeout=60)
    assert (latin.returncode, latin.stderr) == (0, ""), latin.stderr
    utf_8 = subprocess.run(quiztutor("play", "--user", "josé"), input="quit\n", env=env, capture_output=True,
                           text=True, timeout=60)
    assert "À bientôt" in utf_8.stdout, utf_8.stdout  # the language the Latin-1 terminal chose: the same learner


def test_a_name_whose_bytes_the_terminal_cannot_read_is_refused_and_a_login_name_falls_back(
        env: dict[str, str]) -> None:
    refused = subprocess.run([*quiztutor("play", "--user"), b"jos\xe9"], input="quit\n", env=env,
                             capture_output=True, text=True, timeout=60)
    assert refused.returncode == 2, refused.stderr
    assert "argument --user: it holds bytes that are not text in this terminal's encoding (utf-8)" in refused.stderr
    login = subprocess.run(quiztutor("play"), input="quit\n", env={**env, "LOGNAME": os.fsdecode(b"jos\xe9")},
                           capture_output=True, text=True, timeout=60)  # no --user: the login name, unreadable
    assert (login.returncode, login.stderr) == (0, ""), login.stderr
