"""Slash command names and descriptions in each Discord locale QuizTutor speaks, from the gettext catalogs."""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Mapping

import discord
from discord import app_commands
from discord.app_commands import TranslationContextLocation as Location

from bot.i18n import Localizer
from bot.languages import DEFAULT_LANGUAGE, normalize_language

# Discord's rule for command and option names; a translation that breaks it would make the sync fail.
NAME = re.compile(r"^[-_'\w]{1,32}$")
DESCRIPTION_LIMIT = 100
# A command named in a text: "/reminders", not the "/Lagos" of "Africa/Lagos" nor a URL's path.
MENTIONED_COMMAND = re.compile(r"(?<![\w/:])/([a-z][\w-]*)")
# The same, with the word after it, which may be one of its subcommands ("/game stop").
MENTIONED_WITH_NEXT_WORD = re.compile(MENTIONED_COMMAND.pattern + r"(?: ([a-z][\w-]*))?")
# What a command group named alone means in the engine's words ("Start one with /game"): Discord can't send a
# group without one of its subcommands.
GROUP_DEFAULT = "start"


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

    def spelled_in(self, text: str, locale: discord.Locale, commands: Mapping[str, Collection[str]]) -> str:
        """The ``commands`` (by name, with their subcommands) a text names ("Send /reminders on 19:00", "/game
        stop", "/game") as the reader's Discord client shows them ("/rappels", "/game arrêter", "/game lancer"):
        the engine's words spell them as Telegram and the terminal do, in English."""
        def spelled(mention: re.Match[str]) -> str:
            name, word = mention[1], mention[2]
            if name not in commands:
                return mention[0]
            shown = "/" + command_name_for(locale, name, self._localizer_for)
            subcommands = commands[name]
            if word in subcommands:
                return f"{shown} {command_name_for(locale, word, self._localizer_for)}"
            if word in {command_name_for(locale, sub, self._localizer_for) for sub in subcommands}:
                return f"{shown} {word}"  # spelled for this client already (/help's own lines)
            if GROUP_DEFAULT in subcommands:  # "/game" alone (Telegram's way to start one) can't be sent here
                shown += " " + command_name_for(locale, GROUP_DEFAULT, self._localizer_for)
            return shown if word is None else f"{shown} {word}"
        return MENTIONED_WITH_NEXT_WORD.sub(spelled, text)


def locale_of(language: str) -> discord.Locale:
    """The Discord client locale that speaks ``language``; American English where no client does (sw, yo, sn): for
    a text posted in a channel, which has no reader's locale (a vote carries none), in the language it is written in."""
    return next((locale for locale in discord.Locale if normalize_language(locale.value) == language),
                discord.Locale.american_english)


def command_name_in(_: Localizer, name: str) -> str:
    """A command or option name as a Discord client in ``_``'s language shows it (English where none speaks it)."""
    return command_name_for(locale_of(_.language), name, lambda language: _)


def command_name_for(locale: discord.Locale, name: str, localizer_for: Callable[[str], Localizer]) -> str:
    """A command or option name as the user's Discord client shows it (what they must type)."""
    language = normalize_language(locale.value)
    if language is None or language == DEFAULT_LANGUAGE:
        return name
    text = localizer_for(language)(name)
    return text if NAME.fullmatch(text) and text == text.lower() else name
