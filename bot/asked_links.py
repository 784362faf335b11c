"""Which platform message still asks a question: the one that last asked it, unless it was taken away since. And the
link a question shown privately leaves (Discord's ephemeral buttons), which asks nothing but says it was shown."""

from __future__ import annotations

import uuid

from bot.ports import UnitOfWork
from bot.records import MessageLink

# The key of a private question's link: no platform message id starts so, so no vote or poll is ever taken for it.
PRIVATELY = "private:"


async def still_asking(uow: UnitOfWork, platform: str, session_id: str, question_id: str) -> MessageLink | None:
    """The message on ``platform`` that last asked the session's question, if one did and it was not taken away
    since (withdrawn: deleted while a game held it, or asked again with private buttons, whose link is withdrawn
    from the start)."""
    link = await uow.links.latest(platform, session_id, question_id)
    return link if link is not None and link.withdrawn_at is None else None


def private_key() -> str:
    """A new private question's link key (random: one learner may be shown a question privately many times)."""
    return PRIVATELY + uuid.uuid4().hex


def asked_privately(message_key: str) -> bool:
    """Whether a link is a private question's: stored withdrawn, it asks nothing a vote or a time-out could reach,
    but it tells a question shown to its learner alone from one whose poll a crash lost (unsent.lost_in_a_crash)."""
    return message_key.startswith(PRIVATELY)
