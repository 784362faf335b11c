"""A long text over Discord messages: split where a reader would break it, never where a message would show it
otherwise than the whole does."""

from __future__ import annotations

import re
from collections.abc import Callable

from adapters.discord.render import MESSAGE_LIMIT
from bot.text import clusters

# A link render.plain() wrapped in <> against its preview.
WRAPPED_LINK = re.compile(r"(<https?://[^\s<>]*>)", re.IGNORECASE)
# A word that Discord reads at a message's start as a list item ("- ", "+ ", "1. ", "1) "), a heading ("# ", "-# ")
# or a quote ("> ", ">>> "): a message split between words must not begin with one.
BLOCK_MARKER = re.compile(r"[-+>]|>>>|#{1,3}|-#|\d{1,9}[.)]")
# A bold or italic mark, and what holds a '*' that is none: an escape, a code span (matched first, passed over).
FORMAT_MARK = re.compile(r"\\.|`[^`]*`|\*\*|\*", re.DOTALL)
MARKS = ("**", "*")
RESERVE = 2 * len("".join(MARKS))  # room in each part for the marks closed at its end and opened at its start


def split_message(text: str, limit: int = MESSAGE_LIMIT) -> list[str]:
    """Split text into messages of at most ``limit`` characters: between paragraphs where possible (a preview's
    questions stay whole), else between lines, else between words, else between letters (see _unbroken)."""
    parts = _split(text, limit)
    if any(_still_open(part, []) for part in parts[:-1]):  # a bold or italic span cut in two: room for its marks
        parts = _formatting_kept(_split(text, limit - RESERVE))
    return parts


def _split(text: str, limit: int) -> list[str]:
    def lines(paragraph: str) -> list[str]:
        return _packed(paragraph.split("\n"), "\n", limit, lambda line: _line_parts(line, limit))
    parts = _packed(text.split("\n\n"), "\n\n", limit, lines)
    return [part for part in parts if part.strip()] or parts[:1]  # Discord refuses a blank message


def _still_open(part: str, opened: list[str]) -> list[str]:
    """The bold and italic marks open at the end of ``part``, outermost first, given those ``opened`` before it."""
    opened = list(opened)
    for match in FORMAT_MARK.finditer(part):
        if match.group() not in MARKS:
            continue
        if opened and opened[-1] == match.group():
            opened.pop()
        else:
            opened.append(match.group())
    return opened


def _formatting_kept(parts: list[str]) -> list[str]:
    """Each part with the spans cut at its end closed there and opened again at the next one's start: a message
    shows no stray '**', and the next is bold where the whole is. Marks go inside the blanks around a part's text,
    as Discord reads no italic '* a'."""
    kept: list[str] = []
    opened: list[str] = []
    for part in parts:
        carried, opened = opened, _still_open(part, opened)
        text = part.strip()
        start = part.index(text[0]) if text else 0
        kept.append(part[:start] + "".join(carried) + text + "".join(reversed(opened)) + part[start + len(text):])
    return kept


def _line_parts(line: str, limit: int) -> list[str]:
    """A line too long for one message, in as few parts as fit, each cut after a word's trailing blanks; a word
    longer than a message is cut between two of its _unbroken pieces."""
    parts: list[str] = []
    current: list[str] = []
    size = 0
    for word in _words(_unbroken(line)):
        width = sum(map(len, word))
        if size + width > limit and current:
            parts.append("".join(current))
            current, size = [], 0
        # a letter longer than a message (thousands of marks on it) is cut anywhere: nothing else fits
        for piece in word if width > limit else ["".join(word)]:
            for bit in [piece[start:start + limit] for start in range(0, len(piece), limit)]:
                if size + len(bit) > limit and current:
                    parts.append("".join(current))
                    current, size = [], 0
                current.append(bit)
                size += len(bit)
    return [*parts, "".join(current)]


def _words(pieces: list[str]) -> list[list[str]]:
    """The pieces grouped into words, each with the blanks after it. A word Discord would read as a list item, a
    heading or a quote at a message's start ("- ", "1. ", "# ", "> ") stays with the one before it, whole."""
    words: list[list[str]] = []
    for piece in pieces:
        if words and (piece.isspace() or not words[-1][-1].isspace()):
            words[-1].append(piece)
        else:
            words.append([piece])
    merged: list[list[str]] = []
    for word in words:
        if merged and BLOCK_MARKER.fullmatch("".join(word).strip()):
            # One piece with the last letter before it: a word too long for a message is cut before that letter.
            before = merged[-1]
            last = next((index for index in reversed(range(len(before))) if not before[index].isspace()), 0)
            before[last:] = ["".join(before[last:] + word)]
        else:
            merged.append(word)
    return merged


def _unbroken(line: str) -> list[str]:
    """``line`` in the pieces a cut may fall between: its grapheme clusters (a letter with its tone mark, a flag),
    a backslash with the one it escapes (cut apart, the next message would show the escaped '*' as formatting), a
    link plain() wrapped in <> (cut apart, a stray "<" and the preview in one message, a stray ">" in the next), a
    code span (cut apart, its backticks shown, and the next message's text made code)."""
    pieces: list[str] = []
    for text in WRAPPED_LINK.split(line):
        if WRAPPED_LINK.fullmatch(text):
            pieces.append(text)
            continue
        for cluster in clusters(text):
            if pieces and (len(pieces[-1]) - len(pieces[-1].rstrip("\\"))) % 2:  # ends in an escape still open
                pieces[-1] += cluster
            else:
                pieces.append(cluster)
    return _code_spans_whole(pieces)


def _code_spans_whole(pieces: list[str]) -> list[str]:
    """Each code span (from a backtick to the next; an escaped one is a piece of its own, "\\`") one piece."""
    kept: list[str] = []
    opened: int | None = None  # where the open span's backtick is in kept
    for piece in pieces:
        kept.append(piece)
        if piece == "`":
            if opened is None:
                opened = len(kept) - 1
            else:
                kept[opened:] = ["".join(kept[opened:])]
                opened = None
    return kept


def _packed(pieces: list[str], joiner: str, limit: int, smaller: Callable[[str], list[str]]) -> list[str]:
    """``pieces`` joined into as few parts of at most ``limit`` characters as they fit in; a piece too long on
    its own is split by ``smaller`` first."""
    parts: list[str] = []
    current: str | None = None
    for piece in pieces:
        for part in smaller(piece) if len(piece) > limit else [piece]:
            candidate = part if current is None else f"{current}{joiner}{part}"
            if len(candidate) > limit and current is not None:
                parts.append(current)
                candidate = part
            current = candidate
    return [*parts, current if current is not None else ""]
