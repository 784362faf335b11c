"""English that must not reach a learner who speaks another language: the bot's own sentences (from the catalogs)
and the fixture quizzes' English where they have a translation; and every text the bot sent on the fake Discord."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import yaml
from babel.messages.pofile import read_po

from content import default_content_dir
from tests.discord.fake_discord import FakeDiscord

PLACEHOLDER = re.compile(r"\{[^{}]*\}|[*_`“”\"«»()\[\]:;.,!?…·—–\n]")  # what splits a sentence into phrases
MIN_WORDS = 2  # "Game over.", "Review now": a single word would be a command's name, or a term kept
# Keys of Discord's JSON that carry no words a reader sees.
NOT_READ = {"custom_id", "url", "value", "type", "style", "id", "emoji", "flags", "message_id", "channel_id",
            "guild_id", "allowed_mentions", "attachments", "filename", "proxy_url"}


def phrases(text: str) -> Iterator[str]:
    """The runs of ``MIN_WORDS`` words or more between placeholders and punctuation, lower-cased."""
    for part in PLACEHOLDER.split(text):
        words = part.split()
        if len(words) >= MIN_WORDS:
            yield " ".join(words).lower()


def english_ui_phrases(language: str) -> set[str]:
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
    return found


def english_quiz_phrases(content_dir: Path, language: str) -> set[str]:
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
    return found


def read_texts(fake: FakeDiscord, after: int = 0) -> list[tuple[str, str]]:
    """(where, text) for every word the bot sent (after the first ``after`` calls): messages, edits, follow-ups,
    interaction responses and autocomplete choices (content, embeds, buttons, select menus, polls), command syncs
    apart."""
    found: list[tuple[str, str]] = []

    def walk(node: Any, where: str) -> None:
        if isinstance(node, str):
            found.append((where, node))
        elif isinstance(node, dict):
            for key, child in node.items():
                if key not in NOT_READ:
                    walk(child, where)
        elif isinstance(node, list):
            for child in node:
                walk(child, where)

    for call in fake.calls[after:]:
        if call.method in ("POST", "PATCH") and isinstance(call.body, dict):
            walk(call.body, f"{call.method} {call.path}")
    return found


def leaks(fake: FakeDiscord, english: set[str], after: int = 0) -> list[str]:
    """Each text the bot sent (after the first ``after`` calls) that contains one of the ``english`` phrases, with
    the phrase and where."""
    return english_in(read_texts(fake, after), english)


def english_in(texts: list[tuple[str, str]], english: set[str]) -> list[str]:
    """Each (where, text) of ``texts`` that contains one of the ``english`` phrases, said with the phrases."""
    found = []
    for where, text in texts:
        flat = " ".join(PLACEHOLDER.sub(" ", text).split()).lower()
        hits = sorted(phrase for phrase in english  # a substring first: the word boundaries only where it is
                      if phrase in flat and re.search(rf"(?<!\w){re.escape(phrase)}(?!\w)", flat))
        if hits:
            found.append(f"{where}: {hits[:3]} in {text!r}")
    return found
