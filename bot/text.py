"""Text helpers every layer shares."""

from __future__ import annotations

import itertools
import unicodedata

import regex

ELLIPSIS = "…"
# Bidi embeddings, overrides and isolates reorder the text around them: in a prompt one answer could show as
# another, in a name the rest of the bot's line could run backwards.
BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
# The line and paragraph separators a word processor or a PDF pastes: chat clients show each as a line break, as
# they show "\n" (a content text may hold no other line break: CR, NEL and VT are control characters it refuses).
LINE_SEPARATORS = str.maketrans({"\u2028": "\n", "\u2029": "\n"})


def shorten(text: str, limit: int) -> str:
    """``text`` cut to at most ``limit`` characters, ending with an ellipsis when cut. The cut falls between
    grapheme clusters (what a reader sees as one letter), so a Yoruba tone mark stays on its letter and an emoji
    sequence such as 👩‍👩‍👧 or a flag is never split into parts."""
    if len(text) <= limit:
        return text
    # The clusters of the first ``limit`` characters, found in C: all but the last end where they end in the whole
    # text (a boundary depends on the characters before it and the one after), and the last, which ends at
    # ``limit`` and may be cut, leaves room for the ellipsis.
    clusters = regex.findall(r"\X", text[:max(limit, 0)])
    end = limit - len(clusters[-1]) if clusters else 0
    return text[:end].rstrip() + ELLIPSIS


def line_fed(text: str) -> str:
    """``text`` with its line and paragraph separators as line feeds: its lines as a reader sees them, to count
    against a limit on line breaks (a quiz poll's popup) or to join."""
    return text.translate(LINE_SEPARATORS)


def shorten_words(text: str, limit: int) -> str:
    """``text`` cut as ``shorten`` cuts it, but at the end of a word when one ends in the last third of what is
    kept: a summary line or a button reads "…after each…", not "…after eac…". A word longer than that is cut. A cut
    inside a bracket falls before it when that keeps half: "…Àwọn GPU…", not "…Àwọn GPU (Model àti Pipeline…"."""
    cut = shorten(text, limit)
    kept = cut.removesuffix(ELLIPSIS)
    if cut == text or not kept:
        return cut
    if (opened := _open_bracket(kept)) is not None and len(head := kept[:opened].rstrip()) >= len(kept) // 2:
        return head + ELLIPSIS
    if text[len(kept)].isspace():
        return cut
    head = kept[:max(kept.rfind(" "), kept.rfind("\n"), 0)].rstrip()  # to the end of the last whole word
    if len(head) < len(kept) * 2 // 3:  # counted without the spaces after it, which the cut drops too
        return cut
    return head + ELLIPSIS


def _open_bracket(text: str) -> int | None:
    """Where the last bracket ``text`` leaves open starts (a gloss, "(Model Parallelism)", cut in its middle)."""
    opened = text.rfind("(")
    return opened if opened >= 0 and ")" not in text[opened:] else None


def folded(text: str) -> str:
    """``text`` for matching what someone typed: one composed form (a keyboard may send "ẹ́" as three code points,
    or as one with one more), no case, and the letters and digits of compatibility forms as the plain ones they
    look like (NFKC): full width ("ＺＥＲＯ", as a phone's or a Chinese or Japanese input method sends it), styled
    ("𝐳𝐞𝐫𝐨"), ligatures ("ﬁ"). A number that is no digit ("²", "①", "½") stays itself: NFKC would make it "2",
    "1", "1⁄2", which it isn't to the reader (and isn't at the terminal's numbered quiz list either)."""
    parts = []
    for number, run in itertools.groupby(text, _number_sign):
        chunk = "".join(run)
        parts.append(chunk if number else unicodedata.normalize("NFKC", chunk))
    return unicodedata.normalize("NFC", "".join(parts).casefold())


def name_as_seen(text: str) -> str:
    """A typed name as it looks (NFKC: "Ａｓｉａ／Ｔｏｋｙｏ", as an input method sends it, is "Asia/Tokyo"), without
    the marks that show as nothing (Unicode's format characters: a zero-width space, a direction mark, a soft
    hyphen), which come with a name pasted from a web page or typed in a right-to-left chat."""
    return "".join(char for char in unicodedata.normalize("NFKC", text) if unicodedata.category(char) != "Cf")


def without_marks(text: str) -> str:
    """``text`` without the marks that show as nothing (Unicode's format characters, as name_as_seen drops them):
    a right-to-left chat wraps what is typed in direction marks, a pasted line may carry a zero-width space."""
    return "".join(char for char in text if unicodedata.category(char) != "Cf")


def unaccented(text: str) -> str:
    """``folded``, without accents and tone marks: a title as typed on a keyboard that has none ("donnees",
    "Ipinkiri", as Yoruba is mostly written online) reads as the title that has them."""
    return "".join(char for char in unicodedata.normalize("NFD", folded(text)) if not unicodedata.combining(char))


def _number_sign(char: str) -> bool:
    """A number that is written as no decimal digit: a superscript, a circled or parenthesized number, a fraction."""
    return unicodedata.numeric(char, None) is not None and unicodedata.decimal(char, None) is None


def slash_command(word: str) -> str | None:
    """The command a word names if it starts with a slash, ASCII or typed with an input method ("/quiz", "／ｑｕｉｚ",
    "/quiz@QuizTutorBot" as a Telegram group shows one): its name in lower case, without the bot's; else None."""
    command = unicodedata.normalize("NFKC", word).lower()
    return command[1:].split("@", 1)[0] if command.startswith("/") else None


def shown_name(name: str) -> str:
    """A person's name as the bot shows it beside its own words: on one line, without bidi controls; empty if
    nothing in it would show (only marks such as U+200F, which a name may carry beside its letters)."""
    shown = " ".join("".join(char for char in name if char not in BIDI_CONTROLS).split())
    return shown if any(unicodedata.category(char) != "Cf" for char in shown if not char.isspace()) else ""


def isolated(name: str) -> str:
    """A name set among the bot's words: one with right-to-left letters (Arabic, Hebrew) in a first-strong isolate
    (U+2068 … U+2069), which the text around it reads as one neutral character. Else the bidi algorithm runs the
    words and numbers after it into it ("1. علي — 150 points" shows "1. 150 — علي points"), and a line that begins
    with it reads right to left. ``shown_name`` took any bidi control out of it: this pair is the bot's own."""
    return f"\u2068{name}\u2069" if any(unicodedata.bidirectional(char) in ("R", "AL") for char in name) else name


def without_controls(text: str) -> str:
    """``text`` without control characters (line breaks and tabs become spaces): a NUL, which PostgreSQL refuses
    in text, or an ESC, which a name has no use for."""
    return "".join(" " if char.isspace() else char for char in text if char.isspace() or not _control(char))


def _control(char: str) -> bool:
    return unicodedata.category(char) == "Cc"


def echoed(typed: str, limit: int) -> str:
    """What someone typed, said back in the bot's own line: without bidi controls (which would turn the rest of
    the line backwards), on one line, cut between letters; "…" if nothing in it would show."""
    return shorten(shown_name(typed), limit) or ELLIPSIS


def one_line(error: BaseException, limit: int = 200) -> str:
    """An exception as one short line: its type and the first line of its message."""
    lines = str(error).strip().splitlines()
    text = f"{type(error).__name__}: {lines[0]}" if lines else type(error).__name__
    return text if len(text) <= limit else text[:limit - 1] + ELLIPSIS


def clusters(text: str) -> list[str]:
    """The text's grapheme clusters: what a reader counts as letters (a base with its marks, an emoji sequence)."""
    return regex.findall(r"\X", text)
