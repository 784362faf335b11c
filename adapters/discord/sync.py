"""`quiztutor discord-sync`: register the slash commands with Discord, on purpose rather than at every start.

It needs the token and the UI translations (for the command names and descriptions), not the database.
"""

from __future__ import annotations

import os
import random

import discord
from discord import http

from adapters.discord.client import QuizClient
from adapters.discord.proxy import proxy_options
from adapters.discord.reach import log_in
from adapters.discord.spec import DiscordSettings
from adapters.proxy_env import named_proxy
from adapters.runtime import utc_now
from adapters.settings import Settings
from bot.admins import AdminPolicy
from bot.content.catalog import Catalog
from bot.content.library import ContentLibrary
from bot.engine import QuizEngine
from bot.i18n import UiTexts
from bot.ports import UnitOfWork


def _no_database() -> UnitOfWork:
    raise RuntimeError("discord-sync only registers commands; it never opens the database")


async def sync_commands(settings: Settings, discord_settings: DiscordSettings, guild_id: int | None, *,
                        remove: bool = False) -> int:
    """Sync the commands globally (usable in DMs; may take a while to appear) or to one server (at once); with
    ``remove``, take them away from there instead: a server given both its own copies and the global commands lists
    every command twice, and only this takes its copies back.

    Returns how many commands Discord now has there. Discord allows 200 command creations a day per server.
    """
    token = discord_settings.token
    if token is None:
        raise RuntimeError("QUIZ_DISCORD_TOKEN is not set")
    # The commands' callbacks never run during a sync: an engine with no content and no database will do.
    engine = QuizEngine(library=ContentLibrary(settings.content_dir, Catalog(())), unit_of_work=_no_database,
                        texts=UiTexts.load(settings.locales_dir), admins=AdminPolicy(), clock=utc_now,
                        rng=random.Random())
    proxy = named_proxy(http.Route.BASE, os.environ)
    client = QuizClient(engine, discord_settings, **proxy_options(proxy))
    async with client:
        await log_in(client, token.get_secret_value(), proxy)  # also installs the translator (setup_hook)
        if guild_id is None:
            if remove:
                client.tree.clear_commands(guild=None)
            synced = await client.tree.sync()
        else:
            guild = discord.Object(id=guild_id)
            if not remove:
                client.tree.copy_global_to(guild=guild)
            try:
                synced = await client.tree.sync(guild=guild)
            except discord.Forbidden as refused:  # 50001 Missing Access: not the bot's server, or not its scope
                raise ServerRefused(guild_id, refused.text) from None
    return len(synced)


class ServerRefused(Exception):
    """Discord refused the commands for one server: the bot isn't in it, or lacks the applications.commands scope
    there. A setting to fix, which `discord-sync` says as one."""

    def __init__(self, server: int, reason: str) -> None:
        super().__init__(f"Discord refused the commands for server {server} ({reason}): the bot isn't in that "
                         "server, or was invited without the applications.commands scope; check the id, and invite "
                         "the bot with the bot and applications.commands scopes")
