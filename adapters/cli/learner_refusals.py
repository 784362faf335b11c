"""`quiztutor play`'s refusal of an option's value (--now, --user, --quiz, --lang) in the learner's language: --lang's
(wherever it stands on the command line, the value being refused first), else the terminal's. Its words are the
shipped translations: the settings that could name a content folder of its own are read after the command line."""

from __future__ import annotations

import argparse
from collections.abc import Callable, Sequence
from typing import NoReturn

from adapters.cli.play_arguments import Words, language_refusal, name_refusal, now_refusal, quiz_refusal
from adapters.terminal.terminal_language import locale_hint, start_language
from bot.languages import DEFAULT_LANGUAGE, language_choice

# How argparse begins the message of an option's refusal, and why each option refuses a value, in a learner's words.
REFUSALS: dict[str, Callable[[str, Words], str | None]] = {
    "--now": now_refusal, "--user": name_refusal, "--quiz": quiz_refusal, "--lang": language_refusal}


def learner_refusal(message: str, words: Sequence[str]) -> tuple[str, str] | None:
    """The option and ``message``, argparse's refusal of one of play's options' value, in the learner's language;
    None when English is theirs, or it is another refusal (said by argparse as usual)."""
    option = next((option for option in REFUSALS if message.startswith(f"argument {option}: ")), None)
    if option is None:
        return None
    typed = _typed(words)
    language = start_language(language_choice(typed.lang) if typed.lang is not None else None, locale_hint())
    value = getattr(typed, option.removeprefix("--"))
    if value is None or language == DEFAULT_LANGUAGE:
        return None
    from bot.content.problems import ContentError  # here: parsing a command line needs no translations
    from bot.i18n import UiTexts
    from content import default_content_dir

    try:
        words_of = UiTexts.load(default_content_dir() / "locales").for_language(language)
    except ContentError:  # a broken catalog: argparse's English, as before
        return None
    refusal = REFUSALS[option](value, words_of)
    return None if refusal is None else (option, refusal)


class _Options(argparse.ArgumentParser):
    """Reads the options of a command line being refused: a mistake in it (an option without its value) is
    play's parser's to say, not this one's."""

    def error(self, message: str) -> NoReturn:
        raise ValueError(message)


def _typed(words: Sequence[str]) -> argparse.Namespace:
    """Play's options as typed, whatever else is there (the last of each, as argparse keeps); None for an option not
    given, or for every one when an option lacks its value."""
    options = _Options(add_help=False, allow_abbrev=True)
    for option in REFUSALS:
        options.add_argument(option)
    try:
        typed, _rest = options.parse_known_args(list(words))
    except ValueError:
        return argparse.Namespace(**{option.removeprefix("--"): None for option in REFUSALS})
    return typed
