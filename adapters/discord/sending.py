"""Sending a message to a channel through Discord's brief outages: discord.py tries 500, 502 and 504 again
itself, not 503, and what the bot sends on its own (a vote's feedback, a quiz's next poll, a group game's lobby,
questions and podium) has no command for anyone to send again."""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import discord

log = logging.getLogger(__name__)

# Seconds before each new try of a message Discord refused with 503.
SERVER_ERROR_PAUSES = (1.0, 3.0)
# What a request to Discord ends in when it isn't done: an HTTP error, or a 429 longer than the client waits out
# (client.RATE_LIMIT_WAIT), which discord.py raises as RateLimited, no HTTPException.
NOT_DONE = (discord.HTTPException, discord.RateLimited)


async def send_through_503(channel: discord.PartialMessageable | discord.DMChannel, **message: Any) -> discord.Message:
    """The message sent, tried again after each of SERVER_ERROR_PAUSES while Discord answers 503 (only this one:
    what went out before it is not sent twice)."""
    for pause in SERVER_ERROR_PAUSES:
        try:
            return await channel.send(**message)
        except discord.DiscordServerError as error:
            if error.status != 503:
                raise
            log.warning("Discord answered 503 to a message for channel %s; trying again in %s s", channel.id, pause)
            await asyncio.sleep(pause)
    return await channel.send(**message)
