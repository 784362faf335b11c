"""`quiztutor play`: the terminal player wired to the real engine and database."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable
from datetime import date, datetime

from adapters.runtime import open_services, utc_now
from adapters.settings import Settings
from adapters.terminal import render, words
from adapters.terminal.lines import StdLineIO
from adapters.terminal.player import TerminalPlayer
from adapters.terminal.start_failures import learner_words, tell_learner
from adapters.terminal.start_waits import wait_told
from adapters.terminal.terminal_language import locale_hint, start_language
from bot.i18n import Localizer
from bot.replies import Actor


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
    learner = start_language(language, hint)  # until their stored language is read

    def said() -> Localizer:
        return learner_words(settings.locales_dir, learner)

    try:
        async with contextlib.AsyncExitStack() as stack:
            with wait_told(learner, said, settings.migration_wait_seconds):
                services = await stack.enter_async_context(open_services(settings, clock=clock))
            opened = True
            actor = Actor(platform="terminal", user_id=user, chat_id="terminal", language_hint=hint)
            await TerminalPlayer(services.engine, actor, io, clock).play(quiz=quiz, language=language)
    except asyncio.CancelledError:
        if not opened:  # Ctrl-C while the database opened (another's migration waited for): no player to say bye
            # As the player says it before the database answers: in the language asked for, else the terminal's.
            io.write("\n" + render.wrap(words.goodbye(said(), last_unsaved=False)))
        raise
    except Exception as error:
        if not opened:  # the game could not start: why, in the learner's words, before the operator's
            tell_learner(said(), error)
        raise
    return 0
