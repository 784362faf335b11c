"""Who is acting, as the engine sees it: a Discord user in a channel, with a language hint."""

from __future__ import annotations

import discord

from bot.languages import normalize_language
from bot.replies import Actor

PLATFORM = "discord"


def language_hint(locale: discord.Locale | None, guild_locale: discord.Locale | None) -> str | None:
    """The first of these Discord locales QuizTutor speaks, else None.

    An Actor gets the user's own locale alone as its language hint (the engine stores it as theirs) and the
    server's alone as its place hint (never stored): a server's language is never taken for a person's own.
    The engine puts a /language choice before the hint, then the last hint it stored, then the place's, then
    English. discord.py reports ``en-US`` when Discord omits the user's locale; Discord always sends it with
    commands and clicks, so ``en-US`` is taken at its word.
    """
    for candidate in (locale, guild_locale):
        if candidate is not None and normalize_language(candidate.value):
            return candidate.value
    return None


def interaction_actor(interaction: discord.Interaction) -> Actor:
    """A command or click: the user's own locale is their hint; the server's language speaks only when nothing of
    theirs does (their locale is one QuizTutor doesn't speak, and they chose none), and is never stored as theirs:
    the one its managers chose with /language ... server:True, else its Discord locale. Only one in the bot's DMs
    (no server: the commands take no group DMs) shows the DMs reminders come by are open (Actor.reaches_privately)."""
    channel_id, guild_id = interaction.channel_id, interaction.guild_id
    return Actor(PLATFORM, str(interaction.user.id), str(channel_id) if channel_id else None,
                 language_hint(interaction.locale, None), place_hint=language_hint(None, interaction.guild_locale),
                 place_id=str(guild_id) if guild_id is not None else None, reaches_privately=guild_id is None,
                 keeps_hint=True)


def vote_actor(user_id: int, channel_id: int, guild_id: int | None = None,
               guild_locale: discord.Locale | None = None) -> Actor:
    """A poll vote carries no locale: the engine uses the language it stored for this user, else (someone it
    knows nothing about) the server's: the one chosen with /language ... server:True, else the server's preferred
    locale when QuizTutor speaks it; in a DM there is none."""
    return Actor(PLATFORM, str(user_id), str(channel_id), None, place_hint=language_hint(None, guild_locale),
                 place_id=str(guild_id) if guild_id is not None else None, reaches_privately=guild_id is None)
