"""The chat platforms QuizTutor can serve. Adding one is its own package with a spec.py, and a line here."""

from __future__ import annotations

from adapters.discord.spec import SPEC as DISCORD
from adapters.platform import PlatformSpec
from adapters.telegram.spec import SPEC as TELEGRAM


def chat_platforms() -> tuple[PlatformSpec, ...]:
    return (TELEGRAM, DISCORD)
