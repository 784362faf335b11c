"""English that must not reach a learner who speaks another language: the bot's own sentences (from the catalogs)
and a quiz's English where it has a translation, cut into phrases of two words or more; and which of them a text
shows. Used on every platform's replies (tests/*/test_*no_english*)."""

from __future__ import annotations

import html
import re
from functools import cache
from pathlib import Path
from typing import Any

import yaml
from babel.messages.pofile import read_po

from content import default_content_dir
from tests.conftest import FIXTURE_CONTENT

# What splits a sentence into phrases: placeholders, Markdown's marks, quotes, brackets and punctuation.
SPLIT = re.compile(r"\{[^{}]*\}|[*_`“”\"«»()\[\]:;.,!?…·—–\n]")
MIN_WORDS = 2  # "Game over.", "Review now": a single word would be a command's name, or a term kept
TAG = re.compile(r"<[^>]+>")


def phrases(text: str) -> list[str]:
    """The runs of ``MIN_WORDS`` words or more between placeholders and punctuation, lower-cased."""
    runs = (part.split() for part in SPLIT.split(text))
    return [" ".join(words).lower() for words in runs if len(words) >= MIN_WORDS]


@cache
def english_ui_phrases(language: str) -> frozenset[str]:
    """The phrases of every msgid (the shipped catalogs', which the tests' bot speaks) that its ``language``
    translation doesn't keep as they are (a right's name, "Send Polls", is kept in English on purpose)."""
    with (default_content_dir() / "locales" / language / "LC_MESSAGES" / "quiztutor.po").open("rb") as po:
        catalog = read_po(po)
    found: set[str] = set()
    for message in catalog:
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        translated = " ".join(str(string) for string in strings).lower()
        for english in ids:
            found.update(phrase for phrase in phrases(str(english)) if phrase not in translated)
    return frozenset(found)


@cache
def english_quiz_phrases(content_dir: Path, language: str) -> frozenset[str]:
    """The phrases of the quizzes' English texts that have a ``language`` translation."""
    found: set[str] = set()

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            if isinstance(node.get("en"), str) and isinstance(node.get(language), str):
                translated = node[language].lower()
                found.update(phrase for phrase in phrases(node["en"]) if phrase not in translated)
            for child in node.values():
                walk(child)
        elif isinstance(node, list):
            for child in node:
                walk(child)

    for path in sorted((content_dir / "quizzes").glob("*.yaml")):
        walk(yaml.safe_load(path.read_text(encoding="utf-8")))
    return frozenset(found)


def english_in(texts: list[tuple[str, str]], english: frozenset[str] | set[str]) -> list[str]:
    """Each (where, text) of ``texts`` that contains one of the ``english`` phrases, said with the phrases. HTML's
    tags and entities are read as shown; a sentence wrapped over lines is found too."""
    found = []
    for where, text in texts:
        flat = " ".join(SPLIT.sub(" ", html.unescape(TAG.sub("", text))).split()).lower()
        hits = sorted(phrase for phrase in english  # a substring first: the word boundaries only where it is
                      if phrase in flat and re.search(rf"(?<!\w){re.escape(phrase)}(?!\w)", flat))
        if hits:
            found.append(f"{where}: {hits[:3]} in {text!r}")
    return found


def leaks(texts: list[str], language: str, content_dir: Path = FIXTURE_CONTENT) -> list[str]:
    """Each of ``texts`` (what a ``language`` learner read, playing ``content_dir``'s quizzes) holding English."""
    english = english_ui_phrases(language) | english_quiz_phrases(content_dir, language)
    return english_in([("", text) for text in texts], english)
