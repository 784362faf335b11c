"""The language a chat's games speak: its admins' choice for the chat, else for the place the chat is part of."""

from __future__ import annotations

from bot.ports import UnitOfWork
from bot.replies import Actor


async def games_language(uow: UnitOfWork, actor: Actor, scope_id: str) -> str | None:
    """The language chosen for the games of ``scope_id``; where its admins chose none, the one chosen for the place
    it is part of (``actor.place_id``: a Telegram forum, for one of its topics, which may each choose their own)."""
    chosen = await uow.chats.language(actor.platform, scope_id)
    if chosen is None and actor.place_id not in (None, scope_id):
        chosen = await uow.chats.language(actor.platform, actor.place_id)
    return chosen
