"""Whether a Telegram user administers a group: they may stop a game, skip a question, and set its language."""

from __future__ import annotations

import logging

from telegram import Bot
from telegram.constants import ChatMemberStatus
from telegram.error import TelegramError

from adapters.telegram.topics import chat_of

log = logging.getLogger(__name__)

ADMIN_STATUSES = frozenset({ChatMemberStatus.ADMINISTRATOR, ChatMemberStatus.OWNER})


async def is_chat_admin(bot: Bot, chat_id: str, user_id: str) -> bool:
    """Asked of Telegram each time (only for those commands): an admin removed a minute ago is no admin."""
    try:
        member = await bot.get_chat_member(chat_of(chat_id), int(user_id))
    except TelegramError as error:  # not a member any more, or the bot was removed: no rights
        log.info("could not check %s's rights in chat %s: %s", user_id, chat_id, error)
        return False
    return member.status in ADMIN_STATUSES
