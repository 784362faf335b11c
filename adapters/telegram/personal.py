"""Answers about one member asked for in a group: privately if we can. /progress, /timezone, /reminders, /start,
/preview, /leaderboard hide or show, and what /quiz, /stop, /skip, /retry, /review or /reload say when they do
nothing for that member (a refusal, nothing to stop or to review): the group needn't read them.

A group gets at most 20 messages a minute from the bot, and a running game's questions need them: a few members
typing /progress (its text and its chart) again and again would delay the next question. So in a group such an
answer goes to the member's private chat, which costs the group nothing, and the group sees nothing. Telegram
lets a bot write there only once the member has started it (else Forbidden, or "chat not found"): then the answer
comes in the group as before, naming the member. Either way, the same member's same command (its arguments too)
within a minute is answered once: they have the answer already, and each repeat would cost another message. Only
a repeat of the last of theirs: /timezone Africa/Lagos, /timezone Europe/Paris, /timezone Africa/Lagos changes the
zone back (ignored, it would leave them in Paris's time, told nothing).
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Hashable, Sequence

from telegram.constants import ChatID
from telegram.error import BadRequest, Forbidden

from adapters.once_per import OncePer
from adapters.telegram import render
from adapters.telegram.actors import is_private, owner_in
from adapters.telegram.callback_data import Action
from adapters.telegram.chat import TelegramChat, chat_not_found
from adapters.telegram.group_repeats import QUIET_PERIOD
from adapters.telegram.html_text import esc
from adapters.telegram.keyboards import fresh_quiz_button, language_picker
from bot.i18n import Localizer
from bot.replies import Actor, Notice

log = logging.getLogger(__name__)

# Sends the answer to a chat, naming its owner there (None: a private chat, where replies name nobody).
Send = Callable[[str, str | None], Awaitable[None]]


def language_question(telegram: TelegramChat, _: Localizer, action: Action) -> Send:
    """/language alone's answer: the question over the picker, whose press sets what ``action`` names (the
    learner's language, or the group's)."""
    return lambda to, _owner: telegram.html(to, [esc(_("Which language should I speak?"))], language_picker(action))


class PersonalAnswers:
    def __init__(self) -> None:
        self._asked = OncePer(QUIET_PERIOD)  # (group, member, command): answered a moment ago, with what

    async def tell(self, command: str, notice: Notice, actor: Actor, chat: str, first_name: str,
                   telegram: TelegramChat) -> None:
        """A notice or refusal the command ended in (its work done), sent through ``telegram`` as ``answer`` sends:
        the same words to the same member once a minute. ``notice.here``: words about the group itself ("the game
        in this chat", "its question above"), which make no sense elsewhere: said only there."""
        async def ready() -> Send:
            async def send(to: str, owner: str | None) -> None:
                await telegram.html(to, [render.outcome_notice(notice.text, owner)], fresh_quiz_button(notice))
            return send
        await self.answer(command, (notice.text,), actor, chat, first_name, ready, here=notice.here)

    @staticmethod
    async def privately(notice: Notice, actor: Actor, telegram: TelegramChat) -> None:
        """A notice its group can't take (a forum topic closed to the bot): to the member's private chat, if they
        started the bot; else nobody can be told."""
        async def send(to: str, _owner: str | None) -> None:
            await telegram.html(to, [render.outcome_notice(notice.text, None)])
        if actor.user_id == str(ChatID.ANONYMOUS_ADMIN):  # Telegram's placeholder, every group's: no private chat
            log.info("could not tell an admin who posted as the group %s what it refused (%s)", actor.chat_id,
                     notice.code)
        elif not await sent_privately(send, actor.user_id):
            log.info("could not tell %s user %s privately what their group refused (%s): they never started the "
                     "bot, or blocked it", actor.platform, actor.user_id, notice.code)

    async def answer(self, command: str, args: Sequence[str] | None, actor: Actor, chat: str, first_name: str,
                     prepare: Callable[[], Awaitable[Send]], *, here: bool = False) -> None:
        """``prepare()`` does the command's work and returns how to send its answer; sent in a private chat there,
        in a group to the member's private chat, or to the group when the bot may not write to them. A repeat in a
        group within the minute is ignored, unless the answer before it failed (the member was told to try again)."""
        if is_private(chat, actor):
            await (await prepare())(chat, None)
            return
        asked: Hashable = (chat, actor.user_id, command)
        # Other arguments are another command, and the one a repeat is measured against from now on.
        if not self._asked.allow(asked, tuple(args or ())):
            return
        try:
            send = await prepare()
            if here or not await sent_privately(send, actor.user_id):
                await send(chat, owner_in(chat, actor, first_name))
        except BaseException:  # not answered after all: asking again is no repeat
            self._asked.forget(asked)
            raise


async def sent_privately(send: Send, user_id: str) -> bool:
    """Whether ``send`` reached the member's private chat; False when Telegram refuses it (Forbidden, or "chat not
    found"): they never started the bot, or blocked it."""
    try:
        await send(user_id, None)
    except Forbidden:
        return False
    except BadRequest as error:
        if not chat_not_found(error):
            raise
        return False
    return True
