"""`quiztutor play --user NAME` keeps a learner's progress under NAME. A Yoruba name such as Ṣadé can be typed two
ways that look the same: precomposed letters (Ṣ U+1E62, é U+00E9), as most keyboards send, or a letter and its
combining marks (S U+0323, e U+0301), as some Yoruba keyboard layouts and text pasted from elsewhere send. They
were two learners: the same name typed on another keyboard began afresh, in English, with no progress. A name is
now read composed (Unicode NFC), so either spelling is the same learner."""

from __future__ import annotations

import subprocess
import unicodedata

from adapters.cli.play_arguments import learner_name
from tests.terminal.test_terminal_encodings import quiztutor

COMPOSED = "\u1e62ad\u00e9"  # Ṣadé
DECOMPOSED = "S\u0323ade\u0301"


def test_the_two_spellings_are_what_they_seem_one_name() -> None:
    assert COMPOSED != DECOMPOSED and unicodedata.normalize("NFC", DECOMPOSED) == COMPOSED


def test_a_name_typed_with_combining_marks_is_the_same_learner_as_typed_composed(env: dict[str, str]) -> None:
    first = subprocess.run(quiztutor("play", "--user", DECOMPOSED), input="language yo\nquit\n", env=env,
                           capture_output=True, text=True, timeout=60)
    assert (first.returncode, first.stderr) == (0, ""), first.stderr
    again = subprocess.run(quiztutor("play", "--user", COMPOSED), input="quit\n", env=env, capture_output=True,
                           text=True, timeout=60)
    assert again.returncode == 0, again.stderr
    assert "Ó dàbọ̀!" in again.stdout, again.stdout  # the language chosen before: the same learner


def test_the_limit_counts_the_name_as_composed() -> None:
    # 32 letters with a mark each: 64 characters composed, 96 typed as a letter and its combining mark.
    name = "e\u0301" * 32
    assert learner_name(name) == "\u00e9" * 32
