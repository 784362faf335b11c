"""Every text the bot sent on the fake Discord, searched for English (tests/support/english_leaks.py)."""

from __future__ import annotations

from typing import Any

from tests.discord.fake_discord import FakeDiscord
from tests.support.english_leaks import english_in

# Keys of Discord's JSON that carry no words a reader sees.
NOT_READ = {"custom_id", "url", "value", "type", "style", "id", "emoji", "flags", "message_id", "channel_id",
            "guild_id", "allowed_mentions", "attachments", "filename", "proxy_url"}


def read_texts(fake: FakeDiscord, after: int = 0) -> list[tuple[str, str]]:
    """(where, text) for every word the bot sent (after the first ``after`` calls): messages, edits, follow-ups,
    interaction responses and autocomplete choices (content, embeds, buttons, select menus, polls), command syncs
    apart."""
    found: list[tuple[str, str]] = []

    def walk(node: Any, where: str) -> None:
        if isinstance(node, str):
            found.append((where, node))
        elif isinstance(node, dict):
            for key, child in node.items():
                if key not in NOT_READ:
                    walk(child, where)
        elif isinstance(node, list):
            for child in node:
                walk(child, where)

    for call in fake.calls[after:]:
        if call.method in ("POST", "PATCH") and isinstance(call.body, dict):
            walk(call.body, f"{call.method} {call.path}")
    return found


def leaks(fake: FakeDiscord, english: frozenset[str], after: int = 0) -> list[str]:
    """Each text the bot sent (after the first ``after`` calls) that contains one of the ``english`` phrases, with
    the phrase and where."""
    return english_in(read_texts(fake, after), english)

