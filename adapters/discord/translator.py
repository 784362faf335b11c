"""Slash command names and descriptions in each Discord locale QuizTutor speaks, from the gettext catalogs."""

from __future__ import annotations

import re
from collections.abc import Callable

import discord
from discord import app_commands
from discord.app_commands import TranslationContextLocation as Location

from bot.i18n import Localizer
from bot.languages import DEFAULT_LANGUAGE, normalize_language

# Discord's rule for command and option names; a translation that breaks it would make the sync fail.
NAME = re.compile(r"^[-_'\w]{1,32}$")
DESCRIPTION_LIMIT = 100


class CommandTranslator(app_commands.Translator):
    def __init__(self, localizer_for: Callable[[str], Localizer]) -> None:
        self._localizer_for = localizer_for

    async def translate(self, string: app_commands.locale_str, locale: discord.Locale,
                        context: app_commands.TranslationContextTypes) -> str | None:
        # Language choices carry native names, the same for everyone: plain strings, which aren't translated.
        language = normalize_language(locale.value)
        if language is None or language == DEFAULT_LANGUAGE:
            return None  # English is the default text; sw, yo and sn are not Discord locales
        text = self._localizer_for(language)(string.message)
        if text == string.message:
            return None
        if context.location in (Location.command_name, Location.parameter_name, Location.group_name):
            return text if NAME.fullmatch(text) and text == text.lower() else None
        return text if len(text) <= DESCRIPTION_LIMIT else None


def command_name_for(locale: discord.Locale, name: str, localizer_for: Callable[[str], Localizer]) -> str:
    """A command or option name as the user's Discord client shows it (what they must type)."""
    language = normalize_language(locale.value)
    if language is None or language == DEFAULT_LANGUAGE:
        return name
    text = localizer_for(language)(name)
    return text if NAME.fullmatch(text) and text == text.lower() else name
