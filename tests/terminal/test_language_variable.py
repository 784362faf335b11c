"""A terminal whose LANGUAGE asks for Yoruba (LANGUAGE=yo:en, as a desktop sets it beside LANG's regional formats):
`quiztutor play` speaks Yoruba, as gettext would, not LANG's English; in the C locale LANGUAGE counts for nothing,
as for gettext."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
ENGLISH_WELCOME = "Welcome to QuizTutor!"
YORUBA_WELCOME = "Ẹ káàbọ̀ sí QuizTutor!"
FRENCH_WELCOME = "Bienvenue sur QuizTutor\u00a0!"


def first_line(env: dict[str, str], **variables: str) -> str:
    played = subprocess.run([sys.executable, "-m", "adapters.cli.main", "play"], cwd=ROOT, env=env | variables,
                            input="bye\n", capture_output=True, text=True, timeout=60, check=False)
    assert played.returncode == 0, played.stderr
    return played.stdout.splitlines()[0]


@pytest.mark.parametrize(("variables", "welcome"), [
    ({"LANG": "en_NG.UTF-8", "LANGUAGE": "yo:en"}, YORUBA_WELCOME),  # before: English, LANG's
    ({"LANG": "en_NG.UTF-8", "LANGUAGE": "de:yo"}, YORUBA_WELCOME),  # the first of them spoken here
    ({"LANG": "en_NG.UTF-8", "LC_MESSAGES": "yo_NG.UTF-8", "LANGUAGE": ""}, YORUBA_WELCOME),
    ({"LANG": "C", "LANGUAGE": "yo"}, ENGLISH_WELCOME),  # gettext ignores LANGUAGE in the C locale
    ({"LC_ALL": "POSIX", "LANGUAGE": "yo"}, ENGLISH_WELCOME),  # the same one
    ({"LC_ALL": "C", "LANG": "en_NG.UTF-8", "LANGUAGE": "yo"}, ENGLISH_WELCOME),
    ({"LC_ALL": "", "LANG": "en_NG.UTF-8", "LANGUAGE": "yo"}, YORUBA_WELCOME),  # empty: as if unset
    # Not the C locale for gettext (glibc 2.36: `LANG=C.UTF-8 LANGUAGE=yo` translates), but a container's or a
    # server's usual one. Before: English, as if it were.
    ({"LANG": "C.UTF-8", "LANGUAGE": "yo"}, YORUBA_WELCOME),
    ({"LANG": "en_NG.UTF-8", "LANGUAGE": "fr_FR.UTF-8:en"}, FRENCH_WELCOME),  # a locale's name, as gettext takes
    # Its codeset or modifier without a territory: gettext drops them too (glibc 2.36 translates both). Before: the
    # entry was no language, so English.
    ({"LANG": "en_NG.UTF-8", "LANGUAGE": "fr.UTF-8"}, FRENCH_WELCOME),
    ({"LANG": "en_NG.UTF-8", "LANGUAGE": "yo@latin:en"}, YORUBA_WELCOME),
    # LANGUAGE instead of the locale: none of its languages spoken here, gettext shows its own words, English, not
    # LANG's language (glibc 2.36: `LANG=fr_FR.UTF-8 LANGUAGE=pt_BR` and `LANGUAGE=:`). Before: French.
    ({"LANG": "fr_FR.UTF-8", "LANGUAGE": "pt_BR"}, ENGLISH_WELCOME),
    ({"LANG": "fr_FR.UTF-8", "LANGUAGE": ":"}, ENGLISH_WELCOME),
    # The locale alone, its modifier without a territory (a valid locale name): before, no language, so English.
    ({"LANG": "fr@euro", "LANGUAGE": ""}, FRENCH_WELCOME),
], ids=["language", "first-spoken", "lc-messages", "c-locale", "posix-locale", "lc-all-c", "lc-all-empty",
        "c-utf8-locale", "locale-name", "codeset-alone", "modifier-alone", "none-spoken", "empty-list",
        "locale-modifier-alone"])
def test_the_language_variable_comes_before_the_locale(env: dict[str, str], variables: dict[str, str],
                                                       welcome: str) -> None:
    assert first_line(env, **variables).startswith(welcome)
