"""The bot's own membership of a chat (Telegram's my_chat_member updates): removed from a group, its games there
end at once, rather than when their next message is refused, minutes later perhaps."""

from __future__ import annotations

import logging

from telegram import Chat, Update
from telegram.constants import ChatMemberStatus

from adapters.telegram.actors import PLATFORM
from adapters.telegram.topics import SEPARATOR
from bot.engine import QuizEngine

log = logging.getLogger(__name__)

OUT = (ChatMemberStatus.LEFT, ChatMemberStatus.BANNED)  # "left" and "kicked": no longer in the chat


class BotMembership:
    def __init__(self, engine: QuizEngine) -> None:
        self._engine = engine

    async def changed(self, update: Update, _context: object) -> None:
        change = update.my_chat_member
        if change is None:
            return
        chat, old, new = change.chat, change.old_chat_member.status, change.new_chat_member.status
        if chat.type == Chat.PRIVATE:
            # A learner blocked (or unblocked) the bot. Nothing to do now: the next reminder's refusal turns their
            # reminders off (reminding.py), and one unblocked by then keeps them.
            return
        if new in OUT and old not in OUT:
            # Its forum's topics are chats of their own: their games end too.
            stopped = await self._engine.games.bot_removed(PLATFORM, str(chat.id), f"{chat.id}{SEPARATOR}")
            log.info("removed from Telegram chat %s: %d game(s) there stopped", chat.id, stopped)
