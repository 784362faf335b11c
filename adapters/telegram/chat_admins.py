"""Whether a Telegram user administers a group: they may stop a game, skip a question, and set its language; and
whether they are in it at all."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable

from telegram import Bot
from telegram.constants import ChatMemberStatus
from telegram.error import TelegramError

from adapters.telegram.topics import chat_of

log = logging.getLogger(__name__)

ADMIN_STATUSES = frozenset({ChatMemberStatus.ADMINISTRATOR, ChatMemberStatus.OWNER})
OUT_STATUSES = frozenset({ChatMemberStatus.LEFT, ChatMemberStatus.BANNED})


async def is_chat_admin(bot: Bot, chat_id: str, user_id: str) -> bool:
    """Asked of Telegram each time (only for those commands): an admin removed a minute ago is no admin."""
    try:
        member = await bot.get_chat_member(chat_of(chat_id), int(user_id))
    except TelegramError as error:  # not a member any more, or the bot was removed: no rights
        log.info("could not check %s's rights in chat %s: %s", user_id, chat_id, error)
        return False
    return member.status in ADMIN_STATUSES


async def is_chat_member(bot: Bot, chat_id: str, user_id: str) -> bool:
    """Whether a Telegram user is in a group (a vote on its poll may come from a copy forwarded elsewhere). Yes
    when Telegram can't say: a member's vote is not lost to a failed call."""
    try:
        member = await bot.get_chat_member(chat_of(chat_id), int(user_id))
    except TelegramError as error:
        log.info("could not check whether %s is in chat %s: %s", user_id, chat_id, error)
        return True
    return member.status not in OUT_STATUSES and getattr(member, "is_member", True)  # restricted: is_member says


def membership_of(bot: Bot, user_id: str) -> Callable[[str], Awaitable[bool]]:
    """Whether a voter is in a game's chat, asked when their vote would add them: a vote names only its poll,
    which a copy forwarded elsewhere shares."""
    return lambda chat_id: is_chat_member(bot, chat_id, user_id)
