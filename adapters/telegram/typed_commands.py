"""A command typed with a Chinese or Japanese input method on: "／quiz ｚｅｒｏ" reaches the bot as plain text,
since Telegram marks only an ASCII "/" as a command. Read in its compatibility form (NFKC), it is the command its
learner meant."""

from __future__ import annotations

import unicodedata

from bot.text import slash_command


def full_width_command(text: str | None) -> tuple[str, list[str]] | None:
    """The command's name (without any ``@bot``) and its arguments, if ``text`` is a command written with a
    full-width slash; None for anything else, an ASCII command included (Telegram marked that one already)."""
    if not text or text.startswith("/"):
        return None
    word, *arguments = unicodedata.normalize("NFKC", text).split() or [""]
    name = slash_command(word)
    return (name, arguments) if name else None
