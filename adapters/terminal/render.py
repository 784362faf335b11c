"""The engine's replies as plain text for a terminal: no colours or emoji, wrapped to a readable width."""

from __future__ import annotations

import os
import shutil
import sys
import unicodedata

import wcwidth

from bot.i18n import Localizer
from bot.languages import listed_codes
from bot.progress_replies import Progress
from bot.replies import Feedback, Preview, QuestionView, QuizList, Summary
from bot.text import BIDI_CONTROLS

OUTCOME_MARKS = {"correct": "[+]", "wrong": "[-]", "skipped": "[ ]", "timed_out": "[~]"}


def visible(text: str) -> str:
    """Text safe to print: control characters (ESC, NUL...) and bidi controls (shown, not obeyed) become inert
    escapes like \\x1b."""
    return "".join(_inert(char) for char in text)


def _inert(char: str) -> str:
    if char in "\n\t":
        return char
    if char in BIDI_CONTROLS:
        return f"\\u{ord(char):04x}"
    if unicodedata.category(char) == "Cc":
        return f"\\x{ord(char):02x}"
    return char


# What an old terminal's encoding (ISO-8859-1, ASCII) may lack, as the plain characters it stands for: French's
# "l’état" as "l'état", not "l?état", a question mark where the text has none.
LOOKALIKES = {"\u2018": "'", "\u2019": "'", "\u201c": '"', "\u201d": '"', "\u201e": '"', "\u00ab": '"', "\u00bb": '"',
              "\u2013": "-", "\u2014": "-", "\u2212": "-", "\u2026": "...", "\u2192": "->", "\u2248": "~",
              "\u00b7": "-", "\u00d7": "x", "\u0153": "oe", "\u0152": "OE", "\u00a0": " ", "\u202f": " ", "\u2009": " "}


def in_encoding(text: str, encoding: str) -> str:
    """``text`` as a terminal in ``encoding`` can show it: a character it lacks as its lookalike, or as its letter
    without the marks it lacks ("ọ̀" as "o"); "?" if neither."""
    try:
        text.encode(encoding)
        return text
    except UnicodeEncodeError:
        pass
    return "".join(char if _encodes(char, encoding) else _stand_in(char, encoding)
                   for char in unicodedata.normalize("NFC", text))


def _stand_in(char: str, encoding: str) -> str:
    if char in LOOKALIKES and _encodes(LOOKALIKES[char], encoding):
        return LOOKALIKES[char]
    if unicodedata.combining(char):  # a tone mark over a letter shown without it
        return ""
    letter = "".join(part for part in unicodedata.normalize("NFD", char) if not unicodedata.combining(part))
    return letter if letter not in ("", char) and _encodes(letter, encoding) else "?"


def _encodes(text: str, encoding: str) -> bool:
    try:
        text.encode(encoding)
    except UnicodeEncodeError:
        return False
    return True


def width() -> int:
    return max(40, min(_columns(), 88))


def _columns() -> int:
    """COLUMNS if set, else the width of the learner's terminal: stdout's, or stderr's or stdin's when the output
    is piped on (`quiztutor play | tee session.txt`) and shown on that same terminal; else 88."""
    if columns := shutil.get_terminal_size((0, 0)).columns:
        return columns
    for stream in (sys.stderr, sys.stdin):
        try:
            return os.get_terminal_size(stream.fileno()).columns or 88
        except (AttributeError, ValueError, OSError):  # closed (None), or not a terminal
            continue
    return 88


def wrap(text: str, indent: str = "", hanging: str | None = None) -> str:
    """Fill each paragraph to the terminal's width; ids and hyphenated terms (all-gather) stay whole."""
    # Measured in the terminal's columns (a tone mark takes none); a word longer than a line, a link mostly, goes
    # whole on a line of its own, which the terminal folds and still opens or copies as one link. Made visible
    # first: wcwidth takes a typed ESC[1m for a real style, counts it as no columns and repeats it on every line.
    return "\n".join("\n".join(wcwidth.wrap(part, width(), initial_indent=indent, subsequent_indent=hanging or indent,
                                            break_on_hyphens=False, break_long_words=False)) or indent
                     for part in visible(text).splitlines() or [""])


def question(view: QuestionView, _: Localizer) -> str:
    lines = [wrap(f"({notice})") for notice in view.notices]
    lines += ["", view.label, wrap(view.prompt)]
    lines += [wrap(f"{number}) {text}", "  ", "     ") for number, text in enumerate(view.options, start=1)]
    if view.seconds_left is not None:  # said before the prompt: an answer typed too late is not scored
        lines.append(wrap("(" + _.ngettext("{n} second to answer", "{n} seconds to answer", view.seconds_left) + ")"))
    return "\n".join(lines)


def feedback(result: Feedback) -> str:
    mark = "[+]" if result.correct else "[-]"
    lines = [wrap(f"{mark} {result.verdict} {result.why_not}")] if result.why_not else []
    lines += [wrap(result.correct_option if result.why_not else f"{mark} {result.verdict} {result.correct_option}"),
              wrap(result.explanation)]
    if result.details:
        lines.append(wrap(result.details))
    if result.reference:
        lines.append(wrap(result.reference))
    return "\n".join(lines)


def summary(result: Summary) -> str:
    lines = ["", wrap(result.title), wrap(result.score)]
    if result.tally:  # each count beside its mark: the marks below need no legend
        lines.append(wrap("   ".join(f"{OUTCOME_MARKS[part.outcome]} {part.text}" for part in result.tally)))
    lines += [wrap(f"{OUTCOME_MARKS[line.outcome]} {number}. {line.prompt}", "", "       ") for number, line in
              enumerate(result.lines, start=1)]
    if result.still_open:
        lines.append(wrap(result.still_open))
    return "\n".join(lines)


def quiz_list(result: QuizList) -> str:
    lines = [wrap(result.heading)]  # a long one too: "Several quizzes match …"
    for number, entry in enumerate(result.entries, start=1):
        lines.append(wrap(f"{number}) {entry.title}  [{entry.quiz_id}]  {entry.level}", "  ", "     "))
        lines.append(wrap(entry.description, "     "))
    return "\n".join(lines)


def preview(result: Preview) -> str:
    lines = [wrap(result.title), wrap(result.intro)]
    for number, (prompt, options) in enumerate(result.questions, start=1):
        # Continued under the text, not under the number or the dash: a prompt's second line at column 0 stood
        # left of its own options.
        lines.append(wrap(f"{number}. {prompt}", "", " " * len(f"{number}. ")))
        lines += [wrap(f"- {option}", "     ", "       ") for option in options]
    return "\n".join(lines)


BAR_WIDTH = 20


def bar(percent: int) -> str:
    """A text bar for a terminal: ``[######--------------]``."""
    filled = round(max(0, min(percent, 100)) / 100 * BAR_WIDTH)
    return "[" + "#" * filled + "-" * (BAR_WIDTH - filled) + "]"


def progress(result: Progress) -> str:
    lines = [wrap(result.heading), *(wrap(result.labelled(line.title, line.text), "  ") for line in result.lines)]
    for heading, mastery in ((result.quizzes_heading, result.quizzes), (result.concepts_heading, result.concepts)):
        if mastery:
            lines += ["", wrap(heading)]
            lines += [wrap(f"{bar(line.percent)} {result.labelled(line.title, line.text)}", "  ", "    ")
                      for line in mastery]
    if result.notes:
        lines += ["", *(wrap(note) for note in result.notes)]
    return "\n".join(lines)


HELP_COLUMN = 17  # the commands' column; their descriptions, wrapped, line up after it


def help_text(_: Localizer) -> str:
    commands = [
        ("quizzes", _("list the quizzes")),
        ("quiz ID", _("start or resume a quiz")),
        ("preview [ID]", _("show a quiz's questions without answers")),
        ("skip", _("skip the current question")),
        ("stop", _("stop the current quiz (your answers are kept)")),
        ("retry", _("retry the questions you missed in the last quiz")),
        ("review", _("review the questions due today")),
        ("progress", _("your results so far")),
        ("timezone ZONE", _("set your time zone, e.g. Africa/Lagos or UTC+1")),
        ("language [CODE]", _("change language: {codes}", codes=listed_codes())),
        ("quit", _("leave; your progress is saved")),
    ]
    return "\n".join([wrap(_("Type the number of your answer (or its letter: a, b, c...). Other commands:")),
                      *(wrap(f"{command:<{HELP_COLUMN}}{text}", "  ", " " * (HELP_COLUMN + 2))
                        for command, text in commands)])
