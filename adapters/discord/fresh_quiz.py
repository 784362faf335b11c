"""How Discord offers the quiz /review suggests when nothing is due: its /quiz command, with the quiz option."""

from __future__ import annotations

from collections.abc import Callable

import discord

from adapters.discord.translator import command_name_for
from bot.i18n import Localizer
from bot.replies import NothingDue, Notice


def how_to_start_it(notice: Notice, locale: discord.Locale, localizer_for: Callable[[str], Localizer]) -> str:
    """The sentence after the suggestion ("Send /quiz quiz:collectives to start it."), its option named as the
    user's client shows it (respond() spells the command itself); "" for any other notice."""
    if not isinstance(notice, NothingDue) or notice.fresh is None:
        return ""
    _ = localizer_for(notice.language)
    option = command_name_for(locale, "quiz", localizer_for)
    return " " + _("Send {command} to start it.", command=f"/quiz {option}:{notice.fresh.quiz_id}")
