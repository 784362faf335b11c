"""`quiztutor discord-sync`: register the slash commands with Discord, on purpose rather than at every start."""

from __future__ import annotations

import discord

from adapters.discord.client import QuizClient
from adapters.runtime import open_services
from adapters.settings import Settings


async def sync_commands(settings: Settings, guild_id: int | None) -> int:
    """Sync the commands globally (usable in DMs; may take a while to appear) or to one server (at once).

    Returns how many commands Discord now has. Discord allows 200 command creations a day per server.
    """
    token = settings.discord_token
    if token is None:
        raise RuntimeError("QUIZ_DISCORD_TOKEN is not set")
    async with open_services(settings) as services:
        client = QuizClient(services.engine, settings)
        async with client:
            await client.login(token.get_secret_value())  # also installs the translator (setup_hook)
            if guild_id is None:
                synced = await client.tree.sync()
            else:
                guild = discord.Object(id=guild_id)
                client.tree.copy_global_to(guild=guild)
                synced = await client.tree.sync(guild=guild)
    return len(synced)
