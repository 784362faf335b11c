"""The bot's own membership of a chat (Telegram's my_chat_member updates): removed from a group, its games there
end at once, rather than when their next message is refused, minutes later perhaps; added to one, it says what
it does there, once."""

from __future__ import annotations

import logging

from telegram import Chat, Update
from telegram.constants import ChatMemberStatus
from telegram.error import TelegramError

from adapters.telegram.actors import PLATFORM, is_group
from adapters.telegram.chat import TelegramChat
from adapters.telegram.html_text import esc
from adapters.telegram.topics import SEPARATOR
from bot.engine import QuizEngine
from bot.i18n import Localizer
from bot.replies import Actor

log = logging.getLogger(__name__)

OUT = (ChatMemberStatus.LEFT, ChatMemberStatus.BANNED)  # "left" and "kicked": no longer in the chat
IN = (ChatMemberStatus.MEMBER, ChatMemberStatus.ADMINISTRATOR)  # may post there (not "restricted")


def greeting(_: Localizer) -> str:
    """What the bot says once in a group it was just added to: what it does, and the commands that matter there."""
    return "\n".join([
        _("Hello! I help you learn with short quizzes, asked as polls."),
        _("Send /game followed by a quiz's name to play it together here; /quizzes lists them."),
        _("In a group, /quiz starts your own quiz: only your answers count for it."),
        _("Admins choose the language of this group's games with /language."),
    ])


class BotMembership:
    def __init__(self, engine: QuizEngine, chat: TelegramChat) -> None:
        self._engine = engine
        self._chat = chat

    async def changed(self, update: Update, _context: object) -> None:
        change = update.my_chat_member
        if change is None:
            return
        chat, old, new = change.chat, change.old_chat_member.status, change.new_chat_member.status
        if chat.type == Chat.PRIVATE:
            # A learner blocked (or unblocked) the bot. Nothing to do now: the next reminder's refusal turns their
            # reminders off (reminding.py), and one unblocked by then keeps them; what they send once back turns
            # them on again (bot/turns.py).
            return
        if new in OUT and old not in OUT:
            # Its forum's topics are chats of their own: their games end too.
            stopped = await self._engine.games.bot_removed(PLATFORM, str(chat.id), f"{chat.id}{SEPARATOR}")
            log.info("removed from Telegram chat %s: %d game(s) there stopped", chat.id, stopped)
        elif old in OUT and new in IN and is_group(chat):
            await self._greet(chat, change.from_user.id, change.from_user.language_code)

    async def _greet(self, chat: Chat, by: int, language_hint: str | None) -> None:
        """Once, not for a second add soon after (nor for the same add handled again after a restart): the claim
        is kept in the database. In the words of whoever added the bot (their choice, their Telegram's language),
        else the group's, else English; in a forum, in its General topic. Sent as any group message, within the
        group's budget."""
        claim = await self._engine.games.greet_once(PLATFORM, str(chat.id))
        if claim is None:
            return
        # The group as the place: its admins' chosen language speaks when the adder's doesn't (an anonymous admin).
        where = str(chat.id)
        _ = await self._engine.localizer(Actor(PLATFORM, str(by), where, language_hint, place_id=where,
                                               reaches_privately=False))
        try:
            await self._chat.html(str(chat.id), [esc(greeting(_))])
        except TelegramError as error:  # added without the right to post, say: nothing to say it with
            log.info("could not greet Telegram chat %s: %s", chat.id, error)
            # Given back: once an admin lets it post and adds it again, the group hears what it does there.
            await self._engine.games.greeting_refused(PLATFORM, str(chat.id), claim)
