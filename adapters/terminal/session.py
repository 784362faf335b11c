"""`quiztutor play`: the terminal player wired to the real engine and database."""

from __future__ import annotations

from adapters.runtime import open_services
from adapters.settings import Settings
from adapters.terminal.lines import StdLineIO
from adapters.terminal.player import TerminalPlayer
from bot.replies import Actor


async def play(settings: Settings, *, user: str, quiz: str | None, language: str | None) -> int:
    async with open_services(settings) as services:
        actor = Actor(platform="terminal", user_id=user[:64], chat_id="terminal")
        await TerminalPlayer(services.engine, actor, StdLineIO()).play(quiz=quiz, language=language)
    return 0
