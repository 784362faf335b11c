"""`quiztutor discord-sync`: register slash commands on purpose, since Discord rate-limits creating them."""

from __future__ import annotations

import sys

from adapters.settings import Settings


async def discord_sync(settings: Settings, guild_id: int | None) -> int:
    if settings.discord_token is None:
        print("quiztutor: set QUIZ_DISCORD_TOKEN to sync Discord commands", file=sys.stderr)
        return 2
    from adapters.discord.sync import sync_commands

    count = await sync_commands(settings, guild_id)
    where = f"server {guild_id}" if guild_id else "all servers and DMs (global; may take up to an hour to show)"
    print(f"synced {count} commands to {where}")
    return 0
