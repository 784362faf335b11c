"""A long answer the same for everyone (the quiz list, the help, "Which one do you mean?", the leaderboard) in a
group: in full at most once a minute there.

A group gets at most 20 messages a minute from the bot, and /quizzes alone may take several of them: one member
asking again and again would spend the group's budget, and bury its conversation, on what is already on screen.
Within the minute a repeat hears, in one short line, that the answer is just above and how to have it privately,
once per member; after that, nothing. The minute is per answer as it was shown: in the asker's language, and for
the help an admin's or not, so whoever would see another one (French after Swahili, an admin's with /reload) has it
in full; that is at most one full answer a minute per language (and kind of asker). A private chat is answered in
full every time.

"Which one do you mean?" differs with what was typed ("/quiz a", "/quiz e", … each name other quizzes, /game's
with other seconds): each different list is one a reader may need, so it goes in full, but a group gets only
WHICH_LISTS_PER_MINUTE of them a minute, /quiz's and /game's together; past them a member hears so, once a minute.
"""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable, Hashable
from enum import Enum

from adapters.once_per import OncePer
from adapters.telegram import render
from adapters.telegram.actors import is_private, owner_in
from adapters.telegram.chat import TelegramChat
from adapters.telegram.keyboards import quiz_buttons, unbuttoned
from bot.engine import QuizEngine
from bot.i18n import Localizer
from bot.locks import KeyedLocks
from bot.replies import Actor, WhichQuiz

QUIET_PERIOD = 60.0  # seconds: a group's budget is counted per minute
# Different "which one?" lists a group gets in full a minute: a few people looking for different quizzes at once,
# and still most of the group's 20 messages left for the quizzes themselves.
WHICH_LISTS_PER_MINUTE = 3


class Shown(Enum):
    NOW = "sent now"
    ABOVE = "went there within the minute"
    CAPPED = "the group had its lists for the minute"


def _quizzes_above(_: Localizer, link: str) -> str:
    return _("The list of quizzes is just above: a group gets it at most once a minute. For your own copy, open "
             "{link} and send /quizzes.", link=link)


def _help_above(_: Localizer, link: str) -> str:
    return _("My help is just above: a group gets it at most once a minute. For your own copy, open {link} and "
             "send /help.", link=link)


def _which_above(_: Localizer, link: str, command: str) -> str:
    return _("The quizzes that match are just above: a group gets that list at most once a minute. For your own "
             "copy, open {link} and send {command}.", link=link, command=command)


def game_which_above(_: Localizer, link: str) -> str:
    """/game's list: there is no private copy to ask for, as games are played in groups."""
    return _("The quizzes that match are just above: a group gets that list at most once a minute. Open a game "
             "with a quiz's button there, or its /game line.")


def _which_capped(_: Localizer, link: str, command: str) -> str:
    return _("A group gets only a few lists of matching quizzes a minute, and this one has had them. For your own "
             "copy, open {link} and send {command}.", link=link, command=command)


def game_which_capped(_: Localizer, link: str) -> str:
    """/game's, past the group's lists: no private copy, as games are played in groups."""
    return _("A group gets only a few lists of matching quizzes a minute, and this one has had them. Send /game "
             "with more of the quiz's name, or again in a minute.")


def _leaderboard_above(_: Localizer, link: str) -> str:
    """/leaderboard's board: there is no private copy to ask for, as leaderboards belong to groups."""
    return _("The leaderboard is just above: a group gets it at most once a minute.")


ABOVE: dict[str, Callable[[Localizer, str], str]] = {"quizzes": _quizzes_above, "help": _help_above,
                                                     "leaderboard": _leaderboard_above}


class GroupRepeats:
    def __init__(self, engine: QuizEngine, chat: TelegramChat, *, clock: Callable[[], float] = time.monotonic) -> None:
        self._engine = engine
        self._chat = chat
        self._shown = OncePer(QUIET_PERIOD, clock=clock)  # (chat, command, language, variant): that answer went there
        self._sending: KeyedLocks[Hashable] = KeyedLocks()  # the same: one asker's full answer at a time
        self._pointed = OncePer(QUIET_PERIOD, clock=clock)  # (chat, command, member, said, variant): told it's above
        self._lists = OncePer(QUIET_PERIOD, clock=clock)  # (chat, slot): one of the group's lists of the minute went

    async def which(self, reply: WhichQuiz, actor: Actor, chat: str, first_name: str, reference: str) -> None:
        """/quiz naming several quizzes: "Which one do you mean?" and the list, a button for each, as the same
        list within the minute, once per list of quizzes. (/preview's goes as the preview: personal.py.)"""
        owner = owner_in(chat, actor, first_name)
        blocks = render.which_quiz(reply, owner) + unbuttoned(reply.choices, self._engine.localizer_for(reply.language))
        keyboard = quiz_buttons(reply.choices)
        await self.answer("quiz", actor, chat, first_name, lambda: self._chat.html(chat, blocks, keyboard),
                          variant=tuple(entry.quiz_id for entry in reply.choices.entries),
                          above=lambda _, link: _which_above(_, link, f"/quiz {reference}"),
                          capped=lambda _, link: _which_capped(_, link, f"/quiz {reference}"))

    async def answer(self, command: str, actor: Actor, chat: str, first_name: str,
                     full: Callable[[], Awaitable[None]], said: str | None = None, variant: Hashable = None,
                     above: Callable[[Localizer, str], str] | None = None,
                     capped: Callable[[Localizer, str], str] | None = None) -> None:
        """``full()`` unless a group had the same within the minute; then the line saying so (``above``, else the
        command's), once per member, after ``said`` if given (what the full answer begins with: /quiz's "You have
        no quiz in progress."). The same: in the asker's language, with ``variant`` (what else it depends on: the
        help, on being an admin; a list of quizzes, on which) equal. With ``capped``, a "which one?" list: one of
        the group's few a minute, else that line, once a minute per member whatever they typed."""
        if is_private(chat, actor):
            await full()
            return
        _ = await self._engine.localizer(actor)  # the language the full answer would be in
        shown = await self._in_full((chat, command, _.language, variant), full, chat if capped else None)
        if shown is Shown.NOW:
            return
        told = (chat, command, actor.user_id, said, variant) if shown is Shown.ABOVE else (chat, "lists", actor.user_id)
        if not self._pointed.allow(told):
            return  # told a moment ago: each further repeat would cost the group a message as well
        line = capped if shown is Shown.CAPPED and capped else above or ABOVE[command]
        text = line(_, f"https://t.me/{self._chat.bot.username}")
        await self._chat.html(chat, [render.outcome_notice(said, owner_in(chat, actor, first_name), text)])

    async def _in_full(self, shown: Hashable, full: Callable[[], Awaitable[None]], listed_in: str | None) -> Shown:
        """``full()`` unless that answer went there within the minute, or (``listed_in``: a group's "which one?"
        list) the group had its lists of the minute. An asker while it is still on its way (paced under the
        group's 20 a minute, it may take seconds) waits for it: until then it isn't above, and if it fails (the
        network, the database) that asker has it in full instead."""
        async with self._sending.of(shown):
            if not self._shown.allow(shown):
                return Shown.ABOVE
            slot = None if listed_in is None else self._list_slot(listed_in)
            if listed_in is not None and slot is None:
                self._shown.forget(shown)  # not shown: whoever asks once the minute is over has it
                return Shown.CAPPED
            try:
                await full()
            except BaseException:  # not shown after all: the next asker gets it, and it didn't count
                self._shown.forget(shown)
                if slot is not None:
                    self._lists.forget(slot)
                raise
            return Shown.NOW

    def _list_slot(self, chat: str) -> Hashable | None:
        """One of the group's lists of the minute, taken; None when all were: each slot is used at most once a
        minute, so there are never more than that many in any minute."""
        for number in range(WHICH_LISTS_PER_MINUTE):
            if self._lists.allow((chat, number)):
                return (chat, number)
        return None
