"""English that must not reach a learner who speaks another language: the bot's own sentences (the msgids whose
translation differs) and the fixture quizzes' English texts that have a translation, cut at their placeholders
into pieces of three words or more; and which of them a text shows."""

from __future__ import annotations

import html
import re
from functools import cache
from pathlib import Path

import yaml
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[2]
LOCALES = ROOT / "content" / "locales"
QUIZZES = ROOT / "tests" / "fixtures" / "content" / "quizzes"
MIN_WORDS = 3
PLACEHOLDER = re.compile(r"\{[^{}]*\}")
TAG = re.compile(r"<[^>]+>")


def pieces(english: str) -> set[str]:
    """The runs of an English text between its placeholders (and line breaks) long enough to mean something."""
    found: set[str] = set()
    for run in PLACEHOLDER.split(english):
        for line in run.split("\n"):
            line = " ".join(line.split()).strip(" :;,.·—()/\"'")
            if len(re.findall(r"[A-Za-z']+", line)) >= MIN_WORDS:
                found.add(line)
    return found


@cache
def english_sentences(language: str) -> frozenset[str]:
    """The English a learner in ``language`` should never read: catalog msgids and fixture quiz texts."""
    with (LOCALES / language / "LC_MESSAGES" / "quiztutor.po").open("rb") as file:
        catalog = read_po(file, locale=language)
    found: set[str] = set()
    for message in catalog:
        if not message.id:
            continue
        ids = [str(text) for text in (message.id if isinstance(message.id, tuple | list) else (message.id,))]
        strings = [str(text) for text in (message.string if isinstance(message.string, tuple | list)
                                          else (message.string,))]
        for english in ids:
            if all(english not in translated for translated in strings if translated):
                found |= pieces(english)
    for path in sorted(QUIZZES.glob("*.yaml")):
        _quiz_texts(yaml.safe_load(path.read_text(encoding="utf-8")), language, found)
    return frozenset(found)


def _quiz_texts(node: object, language: str, found: set[str]) -> None:
    """Every {en: ..., <language>: ...} text in a quiz whose translation differs from its English."""
    if isinstance(node, dict):
        english, translated = node.get("en"), node.get(language)
        if isinstance(english, str) and isinstance(translated, str) and english != translated:
            found |= {piece for piece in pieces(english) if piece not in translated}
        for value in node.values():
            _quiz_texts(value, language, found)
    elif isinstance(node, list):
        for value in node:
            _quiz_texts(value, language, found)


def plain(text: str) -> str:
    """A message as read: tags dropped, entities decoded, spaces single."""
    return " ".join(html.unescape(TAG.sub("", text)).split())


def leaks(texts: list[str], language: str) -> list[tuple[str, str]]:
    """(English piece, the text it was found in) for every English piece a text shows."""
    sentences = english_sentences(language)
    return [(sentence, text) for text in texts for sentence in sentences if sentence in plain(text)]
