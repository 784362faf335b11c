"""`quiztutor play --now` given a value it can't take, by a learner who plays in French, Swahili, Yoruba or Shona
(--lang, before or after --now, else the terminal's language): the refusal in their language, exit 2 as before.
Before, it was argparse's English."""

from __future__ import annotations

import subprocess
import sys

import pytest


def refused(env: dict[str, str], *arguments: str) -> str:
    done = subprocess.run([sys.executable, "-m", "adapters.cli.main", "play", *arguments], env=env,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2, done.stderr
    assert "Traceback" not in done.stderr
    return done.stderr


@pytest.mark.parametrize(("arguments", "terminal", "said"), [
    (["--now", "someday", "--lang", "fr"], "C.UTF-8",
     "quiztutor play --now: ce n’est pas une date\u00a0: 'someday'. Écrivez AAAA-MM-JJ"),
    (["--lang", "sw", "--now", "2027-01-15T10:00"], "C.UTF-8",
     "2027-01-15T10:00 ni saa ya siku isiyo na saa za eneo"),
    (["--now", "9999-01-01"], "sn_ZW.UTF-8", "9999-01-01 iri kunze kwenguva inogoneka"),
    (["--now=1999-12-31", "--lang=yo"], "C.UTF-8", "1999-12-31 kò sí láàárín àwọn ọjọ́ tí a gbà"),
], ids=["french-after", "swahili-before", "shona-terminal", "yoruba-equals"])
def test_a_now_refused_is_said_in_the_learners_language(env: dict[str, str], arguments: list[str], terminal: str,
                                                        said: str) -> None:
    stderr = refused(env | {"LANG": terminal}, *arguments)
    assert said in stderr, stderr
    assert "usage: quiztutor play" in stderr  # the options, as argparse shows them


def test_in_english_it_is_argparse_refusal_as_before(env: dict[str, str]) -> None:
    stderr = refused(env, "--now", "someday")
    assert "quiztutor play: error: argument --now: not a date 'someday': use YYYY-MM-DD" in stderr, stderr


@pytest.mark.parametrize(("arguments", "said"), [
    (["--lang", "fr", "--now"], "quiztutor play: error: argument --now: expected one argument"),
    (["--now", "someday", "--lang"], "quiztutor play: error: argument --now: not a date 'someday'"),  # --lang's own
])  # language unknown: English, as argparse says it; before, the refusal's reading of the options said it itself
def test_an_option_without_its_value_is_said_by_plays_parser(env: dict[str, str], arguments: list[str],
                                                              said: str) -> None:
    stderr = refused(env, *arguments)
    assert said in stderr and "main.py" not in stderr, stderr
