"""`quiztutor play`'s refusal of a --now it can't take, in the learner's language: --lang's (wherever it stands on the
command line, --now's value being refused first), else the terminal's. Its words are the shipped translations: the
settings that could name a content folder of its own are read after the command line."""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import NoReturn

from adapters.cli.play_arguments import now_refusal
from adapters.terminal.terminal_language import locale_hint, start_language
from bot.languages import DEFAULT_LANGUAGE, language_choice

NOW_REFUSED = "argument --now: "  # how argparse begins the message of the option's refusal


def learner_refusal(message: str, words: Sequence[str]) -> str | None:
    """``message``, argparse's refusal of play's --now, in the learner's language; None when English is theirs, or
    it is another refusal (said by argparse as usual)."""
    if not message.startswith(NOW_REFUSED):
        return None
    typed = _typed(words)
    language = start_language(language_choice(typed.lang) if typed.lang is not None else None, locale_hint())
    if typed.now is None or language == DEFAULT_LANGUAGE:
        return None
    from bot.content.problems import ContentError  # here: parsing a command line needs no translations
    from bot.i18n import UiTexts
    from content import default_content_dir

    try:
        words_of = UiTexts.load(default_content_dir() / "locales").for_language(language)
    except ContentError:  # a broken catalog: argparse's English, as before
        return None
    return now_refusal(typed.now, words_of)


class _Options(argparse.ArgumentParser):
    """Reads the options of a command line being refused: a mistake in it (an option without its value) is
    play's parser's to say, not this one's."""

    def error(self, message: str) -> NoReturn:
        raise ValueError(message)


def _typed(words: Sequence[str]) -> argparse.Namespace:
    """--lang and --now as typed, whatever else is there (the last of each, as argparse keeps); None for an option
    not given, or when an option lacks its value."""
    options = _Options(add_help=False, allow_abbrev=True)
    options.add_argument("--lang")
    options.add_argument("--now")
    try:
        typed, _rest = options.parse_known_args(list(words))
    except ValueError:
        return argparse.Namespace(lang=None, now=None)
    return typed
