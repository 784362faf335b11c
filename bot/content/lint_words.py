"""Words for the item-writing linter: how texts are compared, and the word lists each rule looks for."""

from __future__ import annotations

import difflib
import re
from functools import lru_cache

from bot.content.glossary import fold

# A word: letters, digits and combining marks (Yoruba tone marks follow their letter as U+0300-U+036F).
_WORD = r"[^\W_]+(?:[\u0300-\u036f]+[^\W_]*)*"
# Hyphens join a compound into one word: "All-gather" is not the absolute "all", "ne-all-reduce" neither.
_COMPOUND = re.compile(rf"{_WORD}(?:-{_WORD})*")

# Absolute words a careless distractor uses ("never", "only"); several words are matched as a phrase.
ABSOLUTES: dict[str, tuple[str, ...]] = {
    "en": ("only", "always", "never", "no", "none", "all", "every", "entirely", "completely", "nothing", "at all"),
    "fr": ("seulement", "uniquement", "toujours", "jamais", "aucun", "aucune", "rien", "tout", "tous", "toutes",
           "totalement"),
    "sw": ("tu", "pekee", "kamwe", "daima", "hakuna", "kila", "kabisa"),
    "yo": ("nìkan", "láéláé", "rárá"),
    "sn": ("chete", "zvachose"),
}

# An option that points at the other options ("all of the above") is a phrase found anywhere in its text.
ABOVE_PHRASES: dict[str, tuple[str, ...]] = {
    "en": ("of the above", "all the above", "all of these", "none of these", "both of these"),
    "fr": ("ci-dessus", "tout ce qui précède", "toutes ces réponses", "aucune de ces réponses"),
    "sw": ("hapo juu", "zilizotajwa juu", "yaliyotajwa juu", "zote zilizotajwa", "hakuna kati ya hizi"),
    "yo": ("tó wà lókè", "tí ó wà lókè", "gbogbo èyí tó wà", "kò sí ọ̀kan nínú wọn"),
    "sn": ("zviri pamusoro apa", "zvose zviri pamusoro", "hapana pane izvi", "pamusoro apa"),
}

# English function words of five letters or more: they say nothing about the answer.
STOPWORDS = frozenset({
    "about", "above", "across", "after", "again", "against", "along", "although", "among", "another", "based",
    "because", "become", "before", "being", "below", "between", "beyond", "could", "doing", "during", "either",
    "every", "first", "given", "their", "there", "these", "thing", "those", "though", "three", "through", "under",
    "until", "using", "where", "which", "while", "whose", "within", "without", "would", "other", "rather", "since",
    "still", "might", "makes", "often", "whole", "shall", "should", "instead", "cannot", "several", "always",
    "never"
})


def words(text: str) -> list[str]:
    """The text's words, folded; a hyphenated compound is one word."""
    return _COMPOUND.findall(fold(text))


def simple_words(text: str) -> list[str]:
    """The text's words, folded, with compounds split at their hyphens ("reduce-scatter": reduce, scatter)."""
    return [part for word in words(text) for part in word.split("-")]


def has_phrase(text: str, phrase: str) -> bool:
    """Whether the phrase's words occur in the text as whole words, in a row."""
    wanted, found = words(phrase), words(text)
    return any(found[index:index + len(wanted)] == wanted for index in range(len(found) - len(wanted) + 1))


def absolutes_in(text: str, language: str) -> set[str]:
    """The language's absolute words in the text; a word inside a phrase found ("at all") is not also "all"."""
    found: list[str | None] = list(words(text))
    hits = set()
    for phrase in sorted(ABSOLUTES.get(language, ()), key=lambda phrase: -len(words(phrase))):
        wanted = words(phrase)
        for index in range(len(found) - len(wanted) + 1):
            if found[index:index + len(wanted)] == wanted:
                hits.add(phrase)
                found[index:index + len(wanted)] = [None] * len(wanted)
    return hits


def similarity(first: str, second: str) -> float:
    """difflib's ratio on folded texts; no autojunk, which would skip common letters of long texts."""
    return folded_similarity(fold(first), fold(second))


def folded_similarity(first: str, second: str) -> float:
    """similarity() of two texts folded already (the catalog's prompts are folded once, not once per pair)."""
    return difflib.SequenceMatcher(None, first, second, autojunk=False).ratio()


def letter_places(text: str) -> dict[str, int]:
    """Each letter of ``text`` with the bits of its places, for common_subsequence."""
    places: dict[str, int] = {}
    for place, letter in enumerate(text):
        places[letter] = places.get(letter, 0) | 1 << place
    return places


def common_subsequence(first: str, second: str, places: dict[str, int]) -> int:
    """The length of the longest common subsequence of two texts (``places``: letter_places(second)), bit-parallel
    (Hyyrö 2004). difflib's matching blocks are a common subsequence, so 2*this/both lengths bounds ratio()."""
    full = (1 << len(second)) - 1
    unmatched = full
    for letter in first:
        matched = unmatched & places.get(letter, 0)
        unmatched = ((unmatched + matched) | (unmatched - matched)) & full
    return len(second) - unmatched.bit_count()


STEM_PREFIX = 5  # letters two words must share at the start
STEM_SLACK = 3  # letters the shorter word may have beyond the shared start ("reduce" / "reduced")


@lru_cache(maxsize=4096)
def same_stem(first: str, second: str) -> bool:
    """Whether two folded words are forms of one word: a shared start of at least STEM_PREFIX letters that
    covers all but STEM_SLACK letters of the shorter ("shards"/"sharded", not "microbatch"/"microsecond")."""
    shared = len(_common_prefix(first, second))
    return shared >= STEM_PREFIX and shared >= min(len(first), len(second)) - STEM_SLACK


def _common_prefix(first: str, second: str) -> str:
    size = 0
    for a, b in zip(first, second, strict=False):
        if a != b:
            break
        size += 1
    return first[:size]
