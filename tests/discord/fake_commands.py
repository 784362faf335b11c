"""Registering the slash commands with the fake Discord (`quiztutor discord-sync`), as Discord answers it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tests.discord.payloads import APP_ID, GUILD_ID

# Discord's answer to registering commands in a server the bot isn't in, or was invited to without the
# applications.commands scope.
MISSING_ACCESS = {"code": 50001, "message": "Missing Access"}


def commands_synced(server: str | None, body: list[dict[str, Any]],
                    snowflake: Callable[[], int]) -> tuple[int, Any]:
    """The answer to PUT /applications/{app}/commands (``server`` None: global) or its /guilds/{server} form: the
    fake's bot is in GUILD_ID's server only."""
    if server is not None and int(server) != GUILD_ID:
        return 403, MISSING_ACCESS
    return 200, [{**command, "id": str(snowflake()), "application_id": str(APP_ID), "version": "1"}
                 for command in body]
