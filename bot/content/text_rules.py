"""What a text a learner sees may contain: something visible, no terminal or bidi control, no twin options."""

from __future__ import annotations

import unicodedata
from collections.abc import Iterator, Mapping, Sequence
from typing import TypeVar

from bot.said import N_, Said, said
from bot.text import BIDI_CONTROLS

LINE_BREAK = "\n"
TAB = "\t"
ESC = "\x1b"
# Characters that render as nothing although they are neither spaces nor format characters (Unicode's
# default-ignorable letters and marks, and the braille blank).
_BLANK = frozenset("\u034f\u115f\u1160\u17b4\u17b5\u180b\u180c\u180d\u180e\u180f\u2800\u3164\uffa0"
                   + "".join(chr(code) for code in range(0xFE00, 0xFE10)))
_INVISIBLE_CATEGORIES = frozenset({"Cc", "Cf", "Zs", "Zl", "Zp"})
_SEPARATOR_CATEGORIES = frozenset({"Zl", "Zp"})  # the line and paragraph separators
# Compatibility forms that read as the letters they stand for: full- and half-width forms (typed with a Chinese or
# Japanese input method on), ligatures and other plain variants ("…", "Ⅻ"), Arabic presentation forms. Superscripts,
# fractions, circled, styled ("𝐀") and small forms look different, and stay apart.
_READ_ALIKE = ("<wide>", "<narrow>", "<compat>", "<initial>", "<medial>", "<final>", "<isolated>")

# A text's language key: a LanguageCode for a quiz's LocalizedText, any str for a raw file's or a reference's.
Language = TypeVar("Language", bound=str)


def code(char: str) -> str:
    return f"U+{ord(char):04X}"


def is_invisible(char: str) -> bool:
    return unicodedata.category(char) in _INVISIBLE_CATEGORIES or char in _BLANK


def text_problems(name: str, text: Mapping[Language, str], multiline: bool = False) -> Iterator[Said]:
    """Every rule each language of one text breaks; ``multiline`` texts (explanations) may hold line breaks.

    A text that has no languages (a reference's title or URL) is passed as ``{"": text}``.
    """
    for language, value in text.items():
        # The name is the file's own (prompt, option 'a'): said as written in every language.
        # Translators: {name} is a key of the quiz file as written (prompt, option 'a'); {language} its code.
        in_language = N_("the {language} {name}")
        the_text = (said(in_language, language=language, name=name) if language
                    else said(N_("the {name}"), name=name))
        if value and all(is_invisible(char) for char in value):
            shown = ", ".join(code(char) for char in sorted(set(value)))
            yield said(N_("{text} shows nothing: it has only invisible characters ({codes})"), text=the_text,
                       codes=shown)
            continue
        for char in dict.fromkeys(value):  # each offending character once, in order of appearance
            what = _control(char, multiline)
            if what is not None:
                yield said(N_("{text} contains {what}"), text=the_text, what=what)


def _control(char: str, multiline: bool) -> Said | None:
    """How to describe a character that must not be in the text, or None when it may."""
    # U+2028 and U+2029 (pasted from a word processor or a PDF) are shown as line breaks too.
    breaks_line = char == LINE_BREAK or unicodedata.category(char) in _SEPARATOR_CATEGORIES
    if char == TAB or (breaks_line and multiline):
        return None
    if breaks_line:
        return said(N_("a line break ({code}); only an explanation, details or why_not may have several lines"),
                    code=code(char))
    if char == ESC:
        return said(N_("{code} (ESC, which starts a terminal escape sequence)"), code=code(char))
    if unicodedata.category(char) == "Cc":  # C0, DEL and C1: the terminal acts on them instead of showing them
        return said(N_("the control character {code}"), code=code(char))
    if char in BIDI_CONTROLS:
        return said(N_("{code} (a bidi override or isolate, which reorders what is shown around it)"),
                    code=code(char))
    return None


def same_text_problems(options: Sequence[tuple[str, Mapping[Language, str]]]) -> Iterator[Said]:
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
                yield said(N_("options {first} and {second} have the same {language} text ({text}); a learner "
                              "can't tell them apart"), first=repr(first_id), second=repr(option_id),
                           language=language, text=repr(first_text))
            else:
                seen[key] = (option_id, text[language])


def _looks(text: str) -> str:
    """How a text looks: case, spacing, invisible characters, Unicode's two ways to write an accent ("é" or
    "e" + U+0301, NFC) and the forms that read as their letter (see _READ_ALIKE) aside."""
    visible = "".join(" " if char.isspace() else _read(char) for char in text
                      if char.isspace() or not is_invisible(char))
    return " ".join(unicodedata.normalize("NFC", visible).casefold().split())


def _read(char: str) -> str:
    """A character as read: a full-width "Ｒ" as "R". Not NFKC's every folding: "x²" is not "x2", nor "𝐀" "A"."""
    return unicodedata.normalize("NFKC", char) if unicodedata.decomposition(char).startswith(_READ_ALIKE) else char


def printable(text: str) -> str:
    """Text safe to print on a terminal: anything that isn't shown as itself is written as an escape."""
    return "".join(char if char.isprintable() else repr(char)[1:-1] for char in text)
