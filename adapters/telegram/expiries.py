"""A question whose time ran out: say so where the quiz is played, then the next poll or the summary."""

from __future__ import annotations

import logging

from telegram import ChatMember
from telegram.error import BadRequest, ChatMigrated, Forbidden, TelegramError

from adapters.telegram import render
from adapters.telegram.actors import PLATFORM, is_private
from adapters.telegram.chat import TelegramChat, chat_not_found, polls_refused, topic_gone
from adapters.telegram.surface import TelegramSurface
from adapters.telegram.topics import chat_of
from bot.engine import QuizEngine
from bot.replies import DeliveryRefused, Expired

log = logging.getLogger(__name__)
GONE = {ChatMember.LEFT, ChatMember.BANNED}  # statuses of a user no longer in the group: left, or removed


async def deliver_expired(engine: QuizEngine, chat: TelegramChat, expired: Expired) -> None:
    """Called by the sweeper under the learner's lock, so the next poll is linked before it can be voted on."""
    actor = expired.actor
    chat_id = expired.outcome.chat_id or actor.user_id  # a private chat's id is the user's id
    # In a group, whose quiz it is: a sweep has no update that would name the learner.
    member = None
    if not is_private(chat_id, actor):
        chat_id, member = await chat_member(chat, chat_id, actor.user_id)
    if member is not None and member.status in GONE:
        # Only its owner's votes count: each time-out would post the next poll of a quiz nobody there can
        # answer, to its end. Refused instead: the clock stops, and the question is asked when they resume it.
        raise DeliveryRefused(f"user {actor.user_id} is no longer a member of chat {chat_id}")
    owner = member.user.first_name if member is not None else None
    try:
        await engine.deliver(expired.outcome, TelegramSurface(chat, chat_id, owner), PLATFORM, actor)
    except (Forbidden, ChatMigrated) as error:  # blocked in private, removed from the group: no one to tell
        raise DeliveryRefused(str(error)) from error  # the engine stops the question's clock: asked on resuming
    except BadRequest as error:
        if topic_gone(error) or chat_not_found(error):  # a topic deleted; a private chat gone
            raise DeliveryRefused(str(error)) from error
        if not polls_refused(error):
            raise
        # The group lets its members send no polls (since the quiz began): said as after /quiz there, for whom.
        _ = engine.localizer_for(expired.outcome.language)  # the turn is the sweeper's: not looked up again
        try:
            await chat.html(chat_id, [render.outcome_notice(render.polls_refused(_), owner)])
        except TelegramError as failure:
            log.info("could not tell user %s that polls are refused in %s: %s", actor.user_id, chat_id, failure)
        raise DeliveryRefused(str(error)) from error


async def chat_member(chat: TelegramChat, chat_id: str, user_id: str) -> tuple[str, ChatMember | None]:
    """The learner as a member of the group (their name, whether they are still in it), None if unknown; and the
    chat: a group that just became a supergroup is asked under its new id, where the quiz's messages go too."""
    async def lookup(to: str) -> ChatMember:
        return await chat.bot.get_chat_member(chat_of(to), int(user_id))
    try:
        return await chat.following(chat_id, lookup)
    except TelegramError as error:
        log.info("could not look up user %s in chat %s: %s", user_id, chat_id, error)
        return chat_id, None
