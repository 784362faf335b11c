"""A question whose time ran out: say so where the quiz is played, then the next poll or the summary."""

from __future__ import annotations

import logging

from telegram.error import TelegramError

from adapters.telegram.actors import PLATFORM, is_private
from adapters.telegram.chat import TelegramChat
from adapters.telegram.surface import TelegramSurface
from adapters.telegram.topics import chat_of
from bot.engine import QuizEngine
from bot.replies import Expired

log = logging.getLogger(__name__)


async def deliver_expired(engine: QuizEngine, chat: TelegramChat, expired: Expired) -> None:
    """Called by the sweeper under the learner's lock, so the next poll is linked before it can be voted on."""
    actor = expired.actor
    chat_id = expired.outcome.chat_id or actor.user_id  # a private chat's id is the user's id
    # In a group, whose quiz it is: a sweep has no update that would name the learner.
    owner = None if is_private(chat_id, actor) else await first_name(chat, chat_id, actor.user_id)
    await engine.deliver(expired.outcome, TelegramSurface(chat, chat_id, owner), PLATFORM)


async def first_name(chat: TelegramChat, chat_id: str, user_id: str) -> str | None:
    try:
        return (await chat.bot.get_chat_member(chat_of(chat_id), int(user_id))).user.first_name
    except TelegramError as error:
        log.info("could not look up user %s in chat %s: %s", user_id, chat_id, error)
        return None
