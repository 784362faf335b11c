"""`quiztutor play`: the terminal player wired to the real engine and database."""

from __future__ import annotations

import os

from adapters.runtime import open_services
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


async def play(settings: Settings, *, user: str, quiz: str | None, language: str | None) -> int:
    async with open_services(settings) as services:
        actor = Actor(platform="terminal", user_id=user[:64], chat_id="terminal", language_hint=locale_hint())
        await TerminalPlayer(services.engine, actor, StdLineIO()).play(quiz=quiz, language=language)
    return 0
