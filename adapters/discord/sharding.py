"""Which discord.py client a process runs: a plain one, or (with QUIZ_DISCORD_SHARD_COUNT) a group of shards.

Discord sends each guild's events to one shard, (guild id >> 22) % shard count; processes that each run a
different group of shards together serve every guild once. Everything else is shared through the database.
"""

from __future__ import annotations

from typing import Any

import discord

from adapters.discord.client import QuizClient
from adapters.discord.spec import DiscordSettings
from bot.engine import QuizEngine


class ShardedQuizClient(QuizClient, discord.AutoShardedClient):
    """QuizClient's events and commands on discord.py's AutoShardedClient (several gateway connections)."""


def make_client(engine: QuizEngine, settings: DiscordSettings, **options: Any) -> QuizClient:
    """``options``: more for discord.py's client, such as a proxy (see adapters/discord/proxy.py)."""
    if not settings.sharded:
        return QuizClient(engine, settings, **options)
    # With a count given, discord.py connects the listed shards without asking /gateway/bot for a number.
    return ShardedQuizClient(engine, settings, shard_count=settings.shard_count, shard_ids=settings.shards,
                             **options)


def gateway_open(client: discord.Client) -> bool:
    """Whether every gateway connection of this process is open: the one, or each of its shards' (a sharded
    client has no ``ws`` of its own)."""
    if isinstance(client, discord.AutoShardedClient):
        shards = client.shards.values()
        return bool(shards) and not any(shard.is_closed() for shard in shards)
    return client.ws is not None and client.ws.open
