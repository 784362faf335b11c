"""A question whose time ran out in public play: end its poll, say so, then the next poll or the summary.

A question asked privately (buttons, ephemeral) can't be followed up unasked: the learner's next click says
the time was up and shows the next question.
"""

from __future__ import annotations

import logging

import discord

from adapters.discord.actors import PLATFORM
from adapters.discord.permissions import channel_gone, thread_locked
from adapters.discord.polls import PollPlay
from adapters.discord.surfaces import ChannelSurface
from bot.engine import QuizEngine
from bot.replies import DeliveryRefused, Expired

log = logging.getLogger(__name__)


async def deliver_expired(engine: QuizEngine, polls: PollPlay, expired: Expired) -> None:
    """Called by the sweeper under the learner's lock, so the next poll is linked before it can be voted on."""
    link = expired.link
    if link is None or link.chat_id is None:
        log.debug("question %s of session %s timed out unseen", expired.question_id, expired.session_id)
        return
    channel_id, user_id = int(link.chat_id), int(expired.actor.user_id)
    surface = ChannelSurface(polls, channel_id, user_id, answered_poll=int(link.message_key),
                             language=expired.outcome.language)
    try:
        await engine.deliver(expired.outcome, surface, PLATFORM)
    except discord.Forbidden as error:  # the channel stopped taking the next poll (a right revoked), as after a vote
        # In the outcome's language: the learner's turn is held (the sweeper's), so it is not looked up again.
        await polls.say_polls_refused(channel_id, user_id, engine.localizer_for(expired.outcome.language))
        raise DeliveryRefused(str(error)) from error  # the engine stops the question's clock: asked again on resuming
    except discord.NotFound as error:
        if not channel_gone(error):
            raise
        raise DeliveryRefused(str(error)) from error  # deleted mid-question: nobody there to tell; asked on resuming
    except discord.HTTPException as error:
        if not thread_locked(error):
            raise
        raise DeliveryRefused(str(error)) from error  # a thread closed and locked: nobody can post; asked on resuming
    except discord.RateLimited as error:  # Discord holds messages back there for minutes: asked again on resuming
        raise DeliveryRefused(f"messages held back for {error.retry_after:.0f} s") from error
