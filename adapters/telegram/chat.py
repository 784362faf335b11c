"""Sending HTML to a Telegram chat: blocks packed into as few messages as fit, the keyboard on the last one."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import TypeVar

from telegram import Bot, InlineKeyboardMarkup, LinkPreviewOptions
from telegram.constants import ParseMode
from telegram.error import BadRequest, ChatMigrated, TelegramError

from adapters.once_per import OncePer
from adapters.telegram.actors import PLATFORM
from adapters.telegram.html_text import pack
from adapters.telegram.topics import chat_of, place
from bot.engine import QuizEngine
from bot.records import HeldLink, MessageLink

log = logging.getLogger(__name__)
Sent = TypeVar("Sent")

NO_PREVIEW = LinkPreviewOptions(is_disabled=True)  # a reference link's preview would bury the quiz
PHOTOS_REFUSED = "not enough rights to send photos"  # Telegram's words where a group allows members no photos
POLLS_REFUSED = "not enough rights to send polls"  # and where it allows them no polls
# And where it allows them (or the bot, restricted) no text messages: a 400, not the 403 of a bot removed
TEXTS_REFUSED = ("not enough rights to send text messages", "have no rights to send a message")
# Telegram's words for a forum topic closed (only the group's admins may post there), and for one deleted too.
TOPIC_CLOSED_WORDS = "topic_closed"
TOPIC_GONE = ("message thread not found", TOPIC_CLOSED_WORDS, "topic_deleted")
CHAT_NOT_FOUND = "chat not found"  # how Telegram may refuse a private chat never opened (or gone), not only Forbidden
# Telegram's 403 to a member who blocked the bot (their private chat shows Restart, or Unblock, no Start); one who
# never started it gets "bot can't initiate conversation with a user" (or "chat not found").
BOT_BLOCKED = "bot was blocked by the user"
NEVER_STARTED = "can't initiate conversation"
DELETES_KEPT = 10_000  # polls deleted (or being deleted) lately, not deleted again: see withdraw_poll


def bot_blocked(error: TelegramError) -> bool:
    return BOT_BLOCKED in error.message.lower()


def chat_not_found(error: BadRequest) -> bool:
    return CHAT_NOT_FOUND in error.message.lower()


def topic_closed(error: BadRequest) -> bool:
    """Whether Telegram refused because the forum topic was closed: only the group's admins may post there (or open
    it again), whatever the bot may do as a member."""
    return TOPIC_CLOSED_WORDS in error.message.lower()


def topic_gone(error: BadRequest) -> bool:
    """Whether Telegram refused because the forum topic (adapters/telegram/topics.py) was deleted, or closed to
    the bot."""
    return any(words in error.message.lower() for words in TOPIC_GONE)


def texts_refused(error: BadRequest) -> bool:
    """Whether Telegram refused a text message because the chat lets its members (the bot among them) send none."""
    return any(words in error.message.lower() for words in TEXTS_REFUSED)


def polls_refused(error: BaseException | None) -> bool:
    """Whether Telegram refused a poll because the chat lets its members (the bot among them) send none."""
    return isinstance(error, BadRequest) and POLLS_REFUSED in error.message.lower()


class TelegramChat:
    """``engine``: to move a group's records when a send finds it became a supergroup (see ``following``)."""

    def __init__(self, bot: Bot, engine: QuizEngine | None = None) -> None:
        self.bot = bot
        self._engine = engine
        self._deletes = OncePer(None, remembered=DELETES_KEPT)  # (chat, message): see withdraw_poll

    async def html(self, chat_id: str, blocks: list[str], keyboard: InlineKeyboardMarkup | None = None, *,
                   follow: bool = True) -> None:
        await self.html_where(chat_id, blocks, keyboard, follow=follow)

    async def html_where(self, chat_id: str, blocks: list[str], keyboard: InlineKeyboardMarkup | None = None, *,
                         follow: bool = True) -> str:
        """As ``html``; the chat it went to: a group's new id if it just became a supergroup (unless ``follow``
        is False)."""
        return (await self._html(chat_id, blocks, keyboard, follow))[0]

    async def html_sent(self, chat_id: str, blocks: list[str]) -> list[str]:
        """As ``html``, not following a group that became a supergroup (a game's text): the messages' ids."""
        return (await self._html(chat_id, blocks, None, follow=False))[1]

    async def _html(self, chat_id: str, blocks: list[str], keyboard: InlineKeyboardMarkup | None,
                    follow: bool) -> tuple[str, list[str]]:
        messages = pack(blocks)

        async def send(to: str) -> list[str]:
            where = place(to)
            sent: list[str] = []
            for index, text in enumerate(messages):
                markup = keyboard if index == len(messages) - 1 else None
                message = await self.bot.send_message(where.chat, text, message_thread_id=where.topic,
                                                      parse_mode=ParseMode.HTML, reply_markup=markup,
                                                      link_preview_options=NO_PREVIEW)
                sent.append(str(message.message_id))
            return sent
        if not follow:
            return chat_id, await send(chat_id)
        return await self.following(chat_id, send)

    async def following(self, chat_id: str, send: Callable[[str], Awaitable[Sent]]) -> tuple[str, Sent]:
        """``send`` to the chat; if Telegram says the group became a supergroup (its migration message may not
        have reached us yet), its records move there as that message moves them, and ``send`` goes there once.
        Not for a game, which must not follow into a supergroup that may run a game of its own (ChatRepository.move
        leaves it behind): it ends instead (game_surface.py). The chat the send went to, and what it gave."""
        try:
            return chat_id, await send(chat_id)
        except ChatMigrated as error:
            if self._engine is None or chat_of(chat_id) != chat_id:  # a basic group has no topics
                raise
            new = str(error.new_chat_id)
            log.info("Telegram group %s became supergroup %s: sending there, what was kept for it follows",
                     chat_id, new)
            await self._engine.move_chat(PLATFORM, chat_id, new)
            return new, await send(new)

    async def game_followed(self, chat_id: str, new_chat_id: str, game_id: str) -> bool:
        """Telegram refused a send of game ``game_id`` to the group ``chat_id``: it became the supergroup
        ``new_chat_id``, whose migration message may not have reached us yet. The group's records move there, as
        that message moves them; whether the game went with them (not if the supergroup runs a game of its own,
        see ChatRepository.move), to be shown there from now on."""
        if self._engine is None or chat_of(chat_id) != chat_id:  # a basic group has no topics
            return False
        log.info("Telegram group %s became supergroup %s during game %s: what was kept for it follows",
                 chat_id, new_chat_id, game_id)
        await self._engine.move_chat(PLATFORM, chat_id, new_chat_id)
        return await self._engine.games.chat_of_game(game_id) == new_chat_id

    async def photo(self, chat_id: str, picture: bytes, caption_html: str) -> None:
        """A picture that adds to a reply already sent (a chart): left out where the chat takes no photos, since the
        text said it all and trying again would never help."""
        async def send(to: str) -> None:
            where = place(to)
            await self.bot.send_photo(where.chat, picture, message_thread_id=where.topic, caption=caption_html,
                                      parse_mode=ParseMode.HTML)
        try:
            await self.following(chat_id, send)
        except BadRequest as error:
            if PHOTOS_REFUSED not in error.message.lower():
                raise
            log.info("a picture was left out: chat %s doesn't let the bot send photos", chat_id)

    async def close_poll(self, chat_id: str, message_id: str) -> None:
        """Stop a poll of the bot's, so that nobody votes on it any more."""
        try:
            await self.bot.stop_poll(chat_of(chat_id), int(message_id))
        except BadRequest as error:  # closed already (its time ran out), or deleted
            log.info("could not close poll message %s: %s", message_id, error)

    async def withdraw_poll(self, chat_id: str, message_id: str) -> bool:
        """Delete a poll of the bot's instead of closing it: a closed quiz poll shows its answer; whether it was
        deleted. Best effort: one that can't be deleted any more (gone already; Telegram lets a bot delete only
        what it sent in the last 48 hours) is left as it is, as stopping it would show the answer it was to keep.
        One deleted (or being deleted) by another call is not deleted again, and False: two paths may read its link
        before either marks it withdrawn (a game setting its player's polls aside as the learner leaves that quiz),
        and Telegram would refuse the second; the first call's caller does what follows a deletion."""
        key = (chat_of(chat_id), message_id)
        if not self._deletes.allow(key):
            return False
        deleted = False
        try:
            await self.bot.delete_message(chat_of(chat_id), int(message_id))
            deleted = True
        except TelegramError as error:
            log.info("could not delete poll message %s in chat %s: %s", message_id, chat_id, error)
        finally:
            if not deleted:  # still there: a later try may delete it
                self._deletes.forget(key)
        return deleted

    async def close_linked_poll(self, link: MessageLink) -> bool:
        """The poll that asked a learner's question, where its link knows the message (stored since 0006); one
        whose question is not over (a HeldLink) is deleted instead. Whether it was closed or deleted. Best effort: the
        stop or start it follows holds either way, and its reply must still go out, so a chat that no longer
        takes the bot (removed from the group, a supergroup now) or a network failure is only logged."""
        if link.chat_id is None or link.message_id is None:
            return False
        if isinstance(link, HeldLink):
            return await self.withdraw_poll(link.chat_id, link.message_id)
        try:
            await self.close_poll(link.chat_id, link.message_id)
        except TelegramError as error:
            log.info("could not close poll message %s in chat %s: %s", link.message_id, link.chat_id, error)
            return False
        return True
