"""`quiztutor play` refusing --user, --quiz or --lang, for a learner who plays in French, Swahili, Yoruba or Shona
(--lang, else the terminal's language): the refusal in their language, exit 2 as before. Before, it was argparse's
English, as for --now (test_now_refused_in_language.py)."""

from __future__ import annotations

import subprocess
import sys

import pytest


@pytest.mark.parametrize(("arguments", "terminal", "said"), [
    (["--user", "", "--lang", "fr"], "C.UTF-8", "quiztutor play --user: un nom de 1 à 64\u00a0caractères, pas 0"),
    (["--user", "ada\x1b[2J"], "sw_KE.UTF-8", "quiztutor play --user: lina herufi ya udhibiti (U+001B)"),
    (["--quiz", " ", "--lang", "sn"], "C.UTF-8", "quiztutor play --quiz: id yebvunzo isina chinhu"),
    (["--lang", "de"], "yo_NG.UTF-8", "quiztutor play --lang: a kò ṣàtìlẹ́yìn èdè 'de'"),
], ids=["french-empty-name", "swahili-control-character", "shona-empty-quiz", "yoruba-terminal-unknown-language"])
def test_an_option_refused_is_said_in_the_learners_language(env: dict[str, str], arguments: list[str],
                                                            terminal: str, said: str) -> None:
    done = subprocess.run([sys.executable, "-m", "adapters.cli.main", "play", *arguments],
                          env=env | {"LANG": terminal}, capture_output=True, text=True, timeout=60)
    assert done.returncode == 2, done.stderr
    assert said in done.stderr and "usage: quiztutor play" in done.stderr, done.stderr
