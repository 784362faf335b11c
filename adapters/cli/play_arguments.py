"""What `quiztutor play`'s options take: a language, a moment to pretend it is (--now), a learner's name (--user,
by default the login name), a quiz (--quiz, `stats` too), each read as the terminal typed it."""

from __future__ import annotations

import argparse
import getpass
import os
import sys
import unicodedata
from collections.abc import Callable
from datetime import UTC, date, datetime
from typing import Protocol

from bot.languages import language_choice, listed_codes


class Words(Protocol):
    """A learner's words (bot.i18n.Localizer), without importing the translations to parse a command line."""

    def __call__(self, message: str, **params: object) -> str: ...


def _english(message: str, **params: object) -> str:
    return message.format(**params) if params else message


def language_code(value: str) -> str:
    code = language_choice(value)
    if code is None:
        raise argparse.ArgumentTypeError(language_refusal(value, _english))
    return code


def language_refusal(value: str, _: Words) -> str | None:
    """Why --lang refuses ``value``, in the learner's words (the terminal's language); None when it takes it."""
    if language_choice(value) is not None:
        return None
    last = _(" or ")  # before the last code: "en, fr, sw, yo or sn"
    return _("unsupported language {value}: use {codes}", value=repr(value), codes=listed_codes(last))


def played_quiz(value: str) -> str:
    """play's --quiz, refused as quiz_reference's, in words a learner may read in their language."""
    refusal = quiz_refusal(value, _english)
    if refusal is not None:
        raise argparse.ArgumentTypeError(refusal)
    return value


def quiz_refusal(value: str, _: Words) -> str | None:
    """Why play's --quiz refuses ``value``, in the learner's words; None when it takes it."""
    if value.strip():
        return None
    return _("an empty quiz id: give a quiz's id or topic, or leave --quiz out to choose from the list")


def quiz_reference(without: str) -> Callable[[str], str]:
    """--quiz: a quiz's id or topic. An empty or blank one (a script's `--quiz "$QUIZ"`, its variable left empty)
    is refused as every empty argument is, not read as none by one command and as an unknown quiz by another;
    ``without`` says what leaving the option out does."""
    def checked(value: str) -> str:
        if not value.strip():
            raise argparse.ArgumentTypeError(f"an empty quiz id: give a quiz's id or topic, or leave --quiz out "
                                             f"{without}")
        return value
    return checked


# --now's range: far enough either way to try spaced review, and within what dates the scheduler can add a
# century's interval to (year 9999 overflows) or count days back from.
EARLIEST_NOW, LATEST_NOW = date(2000, 1, 1), date(2999, 12, 31)


def pretend_moment(value: str) -> date:
    """--now: a day (that day in UTC, at this moment's UTC time of day), or a moment with its UTC offset (a datetime):
    far from UTC, a UTC day's time of day may fall on the learner's next or previous day."""
    moment = _moment(value, _english)
    if isinstance(moment, str):
        raise argparse.ArgumentTypeError(moment)
    return moment


def now_refusal(value: str, _: Words) -> str | None:
    """Why --now refuses ``value``, in the learner's words; None when it takes it."""
    moment = _moment(value, _)
    return moment if isinstance(moment, str) else None


def _moment(value: str, _: Words) -> date | str:
    """The moment --now means, or why it refuses ``value``."""
    try:
        moment: date = date.fromisoformat(value)
    except ValueError:
        try:
            moment = datetime.fromisoformat(value)
        except ValueError:
            return _("not a date {value}: use YYYY-MM-DD, e.g. 2027-01-15, or a date and time with its UTC offset, "
                     "e.g. 2027-01-15T10:00+01:00", value=repr(value))
    if isinstance(moment, datetime) and moment.tzinfo is None:  # whose 10:00? No learner's time zone is read yet
        return _("{value} is a time of day in no time zone: give its UTC offset, e.g. 2027-01-15T10:00+01:00 (Z for "
                 "UTC)", value=value)
    day = moment.date() if isinstance(moment, datetime) else moment
    if isinstance(moment, datetime) and EARLIEST_NOW <= day <= LATEST_NOW:  # else converting it could overflow
        day = moment.astimezone(UTC).date()
    if not EARLIEST_NOW <= day <= LATEST_NOW:
        return _("{value} is out of range: pick a day from {earliest} to {latest} (in UTC)", value=value,
                 earliest=EARLIEST_NOW.isoformat(), latest=LATEST_NOW.isoformat())
    return moment


USER_NAME_LIMIT = 64  # characters: as a chat platform's user id, the key of the learner's progress


def learner_name(value: str) -> str:
    name, refusal = _name(value, _english)
    if refusal is not None:
        raise argparse.ArgumentTypeError(refusal)
    return name


def name_refusal(value: str, _: Words) -> str | None:
    """Why --user refuses ``value``, in the learner's words; None when it takes it."""
    return _name(value, _)[1]


def _name(value: str, _: Words) -> tuple[str, str | None]:
    """The learner's name --user means, or why it refuses ``value``."""
    name = _as_typed(value)
    if name is None:
        return value, _("it holds bytes that are not text in this terminal's encoding ({encoding}): type it again, "
                        "or give a name in ASCII", encoding=_terminal_encoding())
    # Composed (NFC): "Ṣadé" typed as letters and combining marks (some Yoruba keyboards) is the same learner.
    name = unicodedata.normalize("NFC", name).strip()
    if not name or len(name) > USER_NAME_LIMIT:
        return name, _("a name of 1 to {limit} characters, not {length}", limit=USER_NAME_LIMIT, length=len(name))
    if (control := next((char for char in name if _control(char)), None)) is not None:
        return name, _("it holds a control character ({code}): give a name of letters, digits, spaces or "
                       "punctuation", code=f"U+{ord(control):04X}")
    return name, None


def _control(char: str) -> bool:
    """A character no name holds: a control one (a newline, an escape that would play on the terminal where the
    name is shown), a line or paragraph separator, or a direction mark or override that makes it read otherwise.
    Not every format character: a zero-width joiner or non-joiner is part of how some scripts write a name."""
    return (unicodedata.category(char) in ("Cc", "Zl", "Zp")
            or "\u200e" <= char <= "\u200f" or "\u202a" <= char <= "\u202e" or "\u2066" <= char <= "\u2069")


def login_name() -> str:
    """The login name, cut to what --user takes (argparse checks a default as if it were typed): a directory
    account's name may be longer, and the player would refuse an argument nobody gave."""
    try:
        login = _as_typed(getpass.getuser())
    except (KeyError, OSError):
        login = None
    login = "".join(char for char in login or "" if not _control(char))  # as --user takes it
    return login.strip()[:USER_NAME_LIMIT].strip() or "player"


def _as_typed(value: str) -> str | None:
    """``value`` from the command line or the environment as the terminal wrote it. Python reads those in the
    locale's encoding (UTF-8), keeping each byte that isn't as a lone surrogate ("\udce9" for an ISO-8859-1 "é"),
    which no database stores (the game failed with a UnicodeEncodeError): such bytes are read in the terminal's own
    encoding, as the game reads its lines. None when that can't read them either."""
    try:
        value.encode("utf-8")
        return value
    except UnicodeEncodeError:
        pass
    try:
        return os.fsencode(value).decode(_terminal_encoding())
    except (UnicodeDecodeError, LookupError):
        return None


def _terminal_encoding() -> str:
    return getattr(sys.stdin, "encoding", None) or "utf-8"  # no stdin at all (`<&-`): Python's is None
