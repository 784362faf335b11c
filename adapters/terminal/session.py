"""`quiztutor play`: the terminal player wired to the real engine and database."""

from __future__ import annotations

import asyncio
import os
import re
from collections.abc import Callable
from datetime import date, datetime

from adapters.runtime import open_services, utc_now
from adapters.settings import Settings
from adapters.terminal import render, words
from adapters.terminal.lines import StdLineIO
from adapters.terminal.player import TerminalPlayer
from adapters.terminal.start_failures import learner_words, start_language, tell_learner
from bot.languages import normalize_language
from bot.replies import Actor


def locale_hint() -> str | None:
    """The terminal's language as a hint, like a chat client's, read as gettext reads it: the first language of
    LANGUAGE=yo:en that the bot speaks (a desktop sets it for the interface, beside LANG's regional formats), unless
    the locale is C (C.UTF-8 is not, for gettext); else the locale (LANG=fr_FR.UTF-8 -> "fr_FR"). A LANGUAGE the
    bot speaks none of gives its first (no hint then), not the locale: gettext shows its own words (English)."""
    value = next((value for variable in ("LC_ALL", "LC_MESSAGES", "LANG") if (value := os.environ.get(variable))),
                 None)
    locale = re.split("[.@]", value, maxsplit=1)[0] if value else None  # fr@euro, as fr_FR.UTF-8: French
    if value not in (None, "C", "POSIX") and (wanted := os.environ.get("LANGUAGE", "").split(":")) != [""]:
        # As gettext, with an entry's codeset and modifier dropped: fr.UTF-8 and fr@euro are French.
        languages = [re.split("[.@]", entry, maxsplit=1)[0] for entry in wanted]
        return next((language for language in languages if normalize_language(language) is not None), languages[0])
    return locale


def clock_from(today: date | None) -> Callable[[], datetime]:
    """The real clock, or one that starts at ``today`` and runs on from there: at that moment if it is one (a
    datetime with its offset), else on that day in UTC at this moment's UTC time of day."""
    if today is None:
        return utc_now
    real_start = utc_now()
    start = today if isinstance(today, datetime) else datetime.combine(today, real_start.timetz())
    shift = start - real_start
    return lambda: utc_now() + shift


async def play(settings: Settings, *, user: str, quiz: str | None, language: str | None,
               today: date | None = None) -> int:
    clock = clock_from(today)
    io, opened, hint = StdLineIO(), False, locale_hint()
    try:
        async with open_services(settings, clock=clock) as services:
            opened = True
            actor = Actor(platform="terminal", user_id=user, chat_id="terminal", language_hint=hint)
            await TerminalPlayer(services.engine, actor, io, clock).play(quiz=quiz, language=language)
    except asyncio.CancelledError:
        if not opened:  # Ctrl-C while the database opened (another's migration waited for): no player to say bye
            # As the player says it before the database answers: in the language asked for, else the terminal's.
            said = learner_words(settings.locales_dir, start_language(language, hint))
            io.write("\n" + render.wrap(words.goodbye(said, last_unsaved=False)))
        raise
    except Exception as error:
        if not opened:  # the game could not start: why, in the learner's words, before the operator's
            tell_learner(learner_words(settings.locales_dir, start_language(language, hint)), error)
        raise
    return 0
