"""Which platform message still asks a question: the one that last asked it, unless it was taken away since."""

from __future__ import annotations

from bot.ports import UnitOfWork
from bot.records import MessageLink


async def still_asking(uow: UnitOfWork, platform: str, session_id: str, question_id: str) -> MessageLink | None:
    """The message on ``platform`` that last asked the session's question, if one did and it was not taken away
    since (withdrawn: deleted while a game held it, or asked again with private buttons, which link no message)."""
    link = await uow.links.latest(platform, session_id, question_id)
    return link if link is not None and link.withdrawn_at is None else None
