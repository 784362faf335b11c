"""What a text a learner sees may contain: something visible, no terminal or bidi control, no twin options."""

from __future__ import annotations

import unicodedata
from collections.abc import Iterator, Mapping, Sequence
from typing import TypeVar

from bot.text import BIDI_CONTROLS

LINE_BREAK = "\n"
TAB = "\t"
ESC = "\x1b"
# Characters that render as nothing although they are neither spaces nor format characters (Unicode's
# default-ignorable letters and marks, and the braille blank).
_BLANK = frozenset("\u034f\u115f\u1160\u17b4\u17b5\u180b\u180c\u180d\u180e\u180f\u2800\u3164\uffa0"
                   + "".join(chr(code) for code in range(0xFE00, 0xFE10)))
_INVISIBLE_CATEGORIES = frozenset({"Cc", "Cf", "Zs", "Zl", "Zp"})

# A text's language key: a LanguageCode for a quiz's LocalizedText, any str for a raw file's or a reference's.
Language = TypeVar("Language", bound=str)


def code(char: str) -> str:
    return f"U+{ord(char):04X}"


def is_invisible(char: str) -> bool:
    return unicodedata.category(char) in _INVISIBLE_CATEGORIES or char in _BLANK


def text_problems(name: str, text: Mapping[Language, str], multiline: bool = False) -> Iterator[str]:
    """Every rule each language of one text breaks; ``multiline`` texts (explanations) may hold line breaks.

    A text that has no languages (a reference's title or URL) is passed as ``{"": text}``.
    """
    for language, value in text.items():
        the_text = " ".join(part for part in ("the", language, name) if part)
        if value and all(is_invisible(char) for char in value):
            shown = ", ".join(code(char) for char in sorted(set(value)))
            yield f"{the_text} shows nothing: it has only invisible characters ({shown})"
            continue
        for char in dict.fromkeys(value):  # each offending character once, in order of appearance
            what = _control(char, multiline)
            if what is not None:
                yield f"{the_text} contains {what}"


def _control(char: str, multiline: bool) -> str | None:
    """How to describe a character that must not be in the text, or None when it may."""
    if char == TAB or (char == LINE_BREAK and multiline):
        return None
    if char == LINE_BREAK:
        return f"a line break ({code(char)}); only an explanation, details or why_not may have several lines"
    if char == ESC:
        return f"{code(char)} (ESC, which starts a terminal escape sequence)"
    if unicodedata.category(char) == "Cc":  # C0, DEL and C1: the terminal acts on them instead of showing them
        return f"the control character {code(char)}"
    if char in BIDI_CONTROLS:
        return f"{code(char)} (a bidi override or isolate, which reorders what is shown around it)"
    return None


def same_text_problems(options: Sequence[tuple[str, Mapping[Language, str]]]) -> Iterator[str]:
    """Options of one question whose texts look the same in a language (case, spacing and invisibles aside)."""
    languages = dict.fromkeys(language for _id, text in options for language in text)
    for language in languages:
        seen: dict[str, tuple[str, str]] = {}
        for option_id, text in options:
            if language not in text:
                continue
            key = _looks(text[language])
            if key in seen:
                first_id, first_text = seen[key]
                yield (f"options {first_id!r} and {option_id!r} have the same {language} text ({first_text!r}); "
                       "a learner can't tell them apart")
            else:
                seen[key] = (option_id, text[language])


def _looks(text: str) -> str:
    """How a text looks: case, spacing, invisible characters and Unicode's two ways to write an accent ("é" or
    "e" + U+0301, NFC) aside."""
    visible = "".join(" " if char.isspace() else char for char in text if char.isspace() or not is_invisible(char))
    return " ".join(unicodedata.normalize("NFC", visible).casefold().split())


def printable(text: str) -> str:
    """Text safe to print on a terminal: anything that isn't shown as itself is written as an escape."""
    return "".join(char if char.isprintable() else repr(char)[1:-1] for char in text)
