"""The quizzes' Shona joins a prefix to a number as the bot's catalog does (tests/i18n/test_house_style.py): with a
hyphen, "ne-2", "pa-16", "ku-1/N", not "ne2" ("Stage 1 ne2"), which reads as one word. So for a one-letter
quantity ("ne-N", "pa-N=2", "kwe-B"); a name keeps its capital and no hyphen ("muNCCL", "paGPU"), a loanword its
hyphen already ("e-fp16")."""

from __future__ import annotations

import re
from collections.abc import Iterator

import yaml

from content import default_content_dir

CONTENT = default_content_dir()
# The prefixes and concords that join a word in the quiz texts: na/ne/se, ku/ka/pa/mu, i (it is), and "of".
PREFIX = r"(?:pa|na|ne|ku|ka|mu|ndi|se|i|ya|wa|ra|cha|zva|dza|hwa|kwa|ye|we|re|che|zve|dze|hwe|kwe)"
# A number, or a one-letter quantity such as N, K, B, Ψ or O(Ψ) (not the first letter of a name: "neNCCL").
QUANTITY = r"(?:\d|[A-ZΨ](?!\w))"
JOINED = re.compile(rf"(?<![\w-]){PREFIX}{QUANTITY}")
SPACED = re.compile(r"(?<![\w-])(?:pa|na|ne|ku|mu|ndi|se|ka|che|ye|we|ya|wa|zve|dze|re)\s\d")


def shona_texts(node: object) -> Iterator[str]:
    if isinstance(node, dict):
        for key, value in node.items():
            if key == "sn" and isinstance(value, str):
                yield value
            else:
                yield from shona_texts(value)
    elif isinstance(node, list):
        for item in node:
            yield from shona_texts(item)


def test_the_quizzes_shona_joins_a_prefix_to_a_number_with_a_hyphen() -> None:
    files = [*sorted((CONTENT / "quizzes").glob("*.yaml")), CONTENT / "concepts.yaml", CONTENT / "glossary.yaml"]
    texts = [text for path in files for text in shona_texts(yaml.safe_load(path.read_text(encoding="utf-8")))]
    assert len(texts) > 300  # every quiz's Shona, not a file that failed to load
    assert [text for text in texts if JOINED.search(text) or SPACED.search(text)] == []
