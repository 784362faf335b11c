"""A command typed with a Chinese or Japanese input method on: "／quiz ｚｅｒｏ" reaches the bot as plain text,
since Telegram marks only an ASCII "/" as a command. Read in its compatibility form (NFKC), it is the command its
learner meant. In a group it must name this bot: other members' messages are theirs, not commands for us."""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Coroutine
from typing import Any

from telegram import Update
from telegram.ext import ContextTypes

from bot.text import slash_command

Context = ContextTypes.DEFAULT_TYPE
Callback = Callable[[Update, Context], Coroutine[Any, Any, None]]


def full_width_command(text: str | None, bot: str | None = None) -> tuple[str, list[str]] | None:
    """The command's name (without any ``@bot``) and its arguments, if ``text`` is a command written with a
    full-width slash; None for anything else, an ASCII command included (Telegram marked that one already).
    ``bot``: the username it must name (in a group), in any case or width: on the command (``／quiz@QuizBot``),
    or as a word apart anywhere (``@QuizBot``, a mention), which is then no argument; a command naming another
    bot is not ours."""
    if not text or text.startswith("/"):
        return None
    words = unicodedata.normalize("NFKC", text).split()
    mention = None if bot is None else "@" + unicodedata.normalize("NFKC", bot).lower()
    arguments = [word for word in words if word.lower() != mention]
    mentioned = len(arguments) < len(words)
    word, *arguments = arguments or [""]
    name = slash_command(word)
    if name is None or mention is None:
        return (name, arguments) if name else None
    _name, at, addressee = word.lower().partition("@")
    return (name, arguments) if (mentioned and not at) or (at and "@" + addressee == mention) else None


async def run_typed(callbacks: dict[str, Callback], update: Update, context: Context, bot: str | None = None) -> bool:
    """Run the command ``update``'s text types with a full-width slash, if it is one of ``callbacks`` (naming
    ``bot``, in a group); whether it was."""
    message = update.effective_message
    typed = full_width_command(message.text if message is not None else None, bot)
    command = callbacks.get(typed[0]) if typed is not None else None
    if typed is None or command is None:
        return False
    context.args = typed[1]
    await command(update, context)
    return True
