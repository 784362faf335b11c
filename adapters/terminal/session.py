"""`quiztutor play`: the terminal player wired to the real engine and database."""

from __future__ import annotations

import os
from collections.abc import Callable
from datetime import date, datetime

from adapters.runtime import open_services, utc_now
from adapters.settings import Settings
from adapters.terminal.lines import StdLineIO
from adapters.terminal.player import TerminalPlayer
from bot.replies import Actor


def locale_hint() -> str | None:
    """The terminal's locale (LANG=fr_FR.UTF-8 -> "fr_FR") as a language hint, like a chat client's."""
    for variable in ("LC_ALL", "LC_MESSAGES", "LANG"):
        if value := os.environ.get(variable):
            return value.split(".", 1)[0]
    return None


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
    async with open_services(settings, clock=clock) as services:
        actor = Actor(platform="terminal", user_id=user, chat_id="terminal", language_hint=locale_hint())
        await TerminalPlayer(services.engine, actor, StdLineIO(), clock).play(quiz=quiz, language=language)
    return 0
