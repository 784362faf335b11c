"""A terminal whose encoding lacks some of the bot's characters (ISO-8859-1, an old one's or a Windows redirect's;
ASCII): each was shown as "?". French puts "’" in nearly every sentence, so a French learner read "Aucun quiz ne
s?appelle", "l?état de l?optimiseur": a question mark where the text has none, in a quiz. What such a terminal
lacks is now shown as the plain character it stands for ("'", '"', "-", "..."), and a letter with a mark it lacks
as the letter ("Ẹ" as "E"); "?" only for what has no such stand-in (a Greek letter on an ASCII terminal)."""

from __future__ import annotations

import subprocess

import pytest

from adapters.terminal.render import in_encoding
from tests.terminal.test_terminal_encodings import quiztutor


def play(env: dict[str, str], encoding: str, language: str, lines: str) -> str:
    result = subprocess.run(quiztutor("play", "--lang", language, "--user", encoding), input=lines,
                            env={**env, "PYTHONIOENCODING": encoding}, capture_output=True, encoding=encoding,
                            timeout=60)
    assert (result.returncode, result.stderr) == (0, ""), result.stderr
    return result.stdout


def test_a_french_apostrophe_on_a_latin_1_terminal_is_an_apostrophe_not_a_question_mark(env: dict[str, str]) -> None:
    shown = play(env, "latin-1", "fr", "quiz nope\nquit\n")
    assert "Aucun quiz ne s'appelle «\u00a0nope\u00a0»." in shown, shown  # no-break spaces: Latin-1 has them
    assert "s?appelle" not in shown


def test_quotes_on_an_ascii_terminal_are_ascii_quotes(env: dict[str, str]) -> None:
    shown = play(env, "ascii", "en", "quit\n")
    assert 'Welcome to QuizTutor! Type "help" for commands, "quit" to leave.' in shown, shown


def test_yoruba_on_a_latin_1_terminal_keeps_its_letters_without_the_marks_it_lacks(env: dict[str, str]) -> None:
    shown = play(env, "latin-1", "yo", "quit\n")
    assert shown.startswith("E káàbo sí QuizTutor!"), shown  # "Ẹ káàbọ̀ sí QuizTutor!"


@pytest.mark.parametrize(("text", "encoding", "shown"), [
    ("l’état — 16Ψ…", "latin-1", "l'état - 16?..."),
    ("« cœur » · 2 × 3", "ascii", '" coeur " - 2 x 3'),
    ("Ẹ káàbọ̀", "utf-8", "Ẹ káàbọ̀"),
])
def test_each_character_as_such_a_terminal_can_show_it(text: str, encoding: str, shown: str) -> None:
    assert in_encoding(text, encoding) == shown
