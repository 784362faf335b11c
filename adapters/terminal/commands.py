"""What a typed line means. Pure, so it can be tested (and fuzzed) without an engine or a terminal."""

from __future__ import annotations

import string
import unicodedata
from dataclasses import dataclass

from bot.text import slash_command

QUIT_WORDS = frozenset({"quit", "exit", "q", "bye"})
VERBS = frozenset({"help", "quizzes", "preview", "progress", "quiz", "language", "stop", "skip", "retry", "review",
                   "timezone"})
# The chat bots' commands that need a chat: a reminder is a message sent while nobody is playing, a group game
# needs a group. Typed here, they are answered as such rather than taken for a quiz's name.
CHAT_ONLY = frozenset({"reminders", "game", "leaderboard"})
# Telegram's first command, typed here by habit: the welcome and `help` again (with a quiz named: that quiz).
# Not listed in `help`.
GREETING = "start"
# No sweep moves a question on in the terminal when its time runs out: lines other than these see that first. These
# needn't: the engine judges the question on screen itself (a late answer, its skip, a stop, a resume), or a listing
# shows the open question after it, timed out then.
TIMED_ALREADY = frozenset({"quit", "nothing", "answer", "skip", "stop", "quiz", "language", "help", "quizzes",
                           "preview", GREETING})
MAX_NUMBER_DIGITS = 3  # nobody picks option 1000; a longer number is simply not an option
FULL_WIDTH = range(0xFF01, 0xFF5F)  # "！" to "～": ASCII as typed with a Chinese or Japanese input method on
FULL_WIDTH_OFFSET = 0xFF01 - ord("!")


@dataclass(frozen=True)
class Line:
    """``verb`` is "quit", one of VERBS or CHAT_ONLY, GREETING, "unknown" (a command typed with "/" that the terminal
    hasn't, as typed in ``argument``), "answer" (``index`` from 0; -1 for a whole number no option has, "-1" or
    "99999", refused as "0" is; None for what is no option's number or letter), "choose" (a quiz by list ``index``
    from 1, typed "2", "(2)" or "2.", or by id or name in ``argument``), "letter" (an answer's letter, "b" or "(b)",
    with no question open: the quiz list is numbered, and it names no quiz), or "nothing"."""

    verb: str
    argument: str = ""
    index: int | None = None


def parse(line: str, answering: bool) -> Line:
    """The line a learner typed; ``answering`` when a question is open, so "2" answers it."""
    text = without_invisible(line).strip()
    if not text:
        return Line("nothing")
    # Any space parts a command from its argument: a tab pasted in, a no-break space (Alt+Space on a French Mac
    # keyboard), the ideographic space of a Chinese or Japanese input method.
    typed, *rest = text.split(maxsplit=1)
    argument = half_width(rest[0]) if rest else ""  # a quiz's id, a language, a time zone: in ASCII if typed so
    # "/quiz fsdp" as on Telegram and Discord works too, and so "／ｑｕｉｚ" from an input method: a command's
    # letters as NFKC reads them (full width, "𝐪𝐮𝐢𝐳" from a styled-text keyboard); all commands are ASCII.
    slashed = slash_command(typed)
    word = slashed if slashed is not None else unicodedata.normalize("NFKC", typed).lower()
    if word in QUIT_WORDS:
        return Line("quit")
    if word == GREETING and argument:  # "start fsdp": what Telegram's deep links send, and what it says
        return Line("quiz", argument)
    if word in VERBS or word in CHAT_ONLY or word == GREETING:
        return Line(word, argument)
    if slashed is not None:  # "/foo" is a command (mistyped, or a chat bot's), not a quiz's name or an answer
        return Line("unknown", typed)
    if answering:
        index = option_index(text)
        return Line("answer", text, -1 if index is None and number_like(text) else index)
    number = list_number(text)
    if number is None and option_index(text) is not None:  # else "a" picks the first title with an "a" in it
        return Line("letter", text)
    return Line("choose", half_width(text), number)


def without_invisible(text: str) -> str:
    """``text`` without the format characters that show as nothing (Unicode's Cf): a zero-width space or word
    joiner copied from a web page, a byte order mark where two files were joined, a soft hyphen, a direction
    mark. None of the five languages' words needs one."""
    return "".join(char for char in text if unicodedata.category(char) != "Cf")


def option_index(text: str) -> int | None:
    """``"2"``, ``"+2"``, ``"2)"``, ``"2."``, ``"b"``, ``"(b)"`` or ``"( b )"`` -> 1, and so in full width (``"２"``);
    anything else (``"²"``, ``"①"``, ``"x"``) -> None."""
    number = list_number(text)
    if number is not None:
        return number - 1
    text = _unbracketed(text)
    if len(text) == 1 and text in string.ascii_lowercase:
        return string.ascii_lowercase.index(text)
    return None


def list_number(text: str) -> int | None:
    """A number picking from a numbered list, typed as an answer's may be: ``"2"``, ``"+2"``, ``"2."``, ``"2)"``,
    ``"(2)"`` or ``"( 2 )"`` -> 2, and so in full width; anything else -> None."""
    return ascii_number(_unbracketed(text).removeprefix("+"))  # "+2" is 2, as Python and a calculator read it


def listed_id(text: str) -> str | None:
    """A quiz's id as the list shows it, in brackets: ``"[2]"`` -> ``"2"``, so that a quiz whose id is a number can
    be named though the number alone picks the list's place; anything else -> None."""
    text = half_width(text).strip()
    return text[1:-1].strip() if len(text) > 2 and text.startswith("[") and text.endswith("]") else None


def number_like(text: str) -> bool:
    """Whether ``text`` is a whole number as ``list_number`` reads one, of any length or sign (``"-1"``,
    ``"(+7)"``, ``"99999999999999999999"``): no quiz's name, but a number off the list."""
    digits = _unbracketed(text).removeprefix("-").removeprefix("+")
    return digits.isascii() and digits.isdigit()


def _unbracketed(text: str) -> str:
    """``"( b )"``, ``"2."``, ``"2)"`` without their brackets, dot and spaces; in ASCII and lower case."""
    return half_width(text).strip().lower().removeprefix("(").lstrip().rstrip(") .")


def ascii_number(text: str) -> int | None:
    """A short number in ASCII digits, or their full-width twins ("２"). ``str.isdigit`` also accepts "²" and "①",
    which ``int`` refuses."""
    text = half_width(text)
    if text.isascii() and text.isdigit() and len(text) <= MAX_NUMBER_DIGITS:
        return int(text)
    return None


def half_width(text: str) -> str:
    """Full-width ASCII ("２", "（ｃ）") and the ideographic space as plain ASCII; other digits ("²", "①", "٣") are
    left as they are (NFKC would make "²" and "①" numbers too)."""
    return "".join(chr(ord(char) - FULL_WIDTH_OFFSET) if ord(char) in FULL_WIDTH else " " if char == "\u3000" else char
                   for char in text)
