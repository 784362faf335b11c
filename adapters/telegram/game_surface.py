"""One Telegram group's game messages: the lobby with its buttons, a quiz poll per question, the results and
the podium. A question costs the group at most three calls (the poll, closing it early, the results), four when
a message goes first (a notice, such as its being shown in English, or its lettered options when it is too long
for a poll)."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Iterator
from contextlib import contextmanager
from dataclasses import replace
from typing import TypeVar

from telegram import InlineKeyboardMarkup, Poll
from telegram.constants import ParseMode, PollLimit
from telegram.error import BadRequest, ChatMigrated, Forbidden, NetworkError, TelegramError

from adapters.telegram import game_render, render
from adapters.telegram.actors import owner_in
from adapters.telegram.answers import MaybeCarriedOut
from adapters.telegram.callback_data import Action
from adapters.telegram.chat import NO_PREVIEW, TelegramChat, polls_refused, texts_refused, topic_closed, topic_gone
from adapters.telegram.game_first import for_game
from adapters.telegram.game_polls import GamePolls
from adapters.telegram.keyboards import button
from adapters.telegram.personal import PersonalAnswers
from adapters.telegram.poll_layout import poll_layout
from adapters.telegram.topics import place
from bot.games.delivery import MOVED_TO_A_GAME, TOPIC_CLOSED, Aside, ChatClosed, ChatRefused, Posted
from bot.games.replies import GameBegins, GameLobby, GamePodium, GameQuestion, GameResults, SetAside
from bot.i18n import N_
from bot.replies import Actor, Notice

log = logging.getLogger(__name__)
T = TypeVar("T")


@contextmanager
def _still_in_group() -> Iterator[None]:
    """The chat refusing the bot ends the game, as every message after would be refused too: Forbidden (the bot
    was removed from the group, or may no longer write there), ChatMigrated (the group became a supergroup
    that already has a game of its own, see ChatRepository.move), its forum topic gone, or texts refused (its members,
    the bot among them, may send none: polls may still go up, which nobody could see the results of); or closed,
    which no right granted the bot would mend (said as closed: an admin may open it again). A ChatMigrated whose
    game went on into the supergroup is no refusal (TelegramGameSurface._posting)."""
    try:
        yield
    except (Forbidden, ChatMigrated) as error:
        raise ChatRefused(N_("Send Messages")) from error
    except BadRequest as error:
        if topic_closed(error):
            raise ChatClosed(TOPIC_CLOSED) from error
        if topic_gone(error) or texts_refused(error):
            raise ChatRefused(N_("Send Messages")) from error
        raise


def explain_value(game_id: str, position: int) -> str:
    return f"{game_id}/{position}"


class TelegramGameSurface:
    def __init__(self, chat: TelegramChat, chat_id: str, polls: GamePolls) -> None:
        self._chat = chat
        self._chat_id = chat_id
        self._where = place(chat_id)
        self._polls = polls
        self._left_behind = False  # in a group that became a supergroup running a game of its own (_posting)

    @for_game
    async def lobby(self, lobby: GameLobby) -> Posted:
        keyboard = InlineKeyboardMarkup([[button(lobby.join_label, Action.JOIN_GAME, lobby.game_id),
                                          button(lobby.start_label, Action.BEGIN_GAME, lobby.game_id)]])
        async def post() -> Posted:  # refused, the game would stay behind unseen, and refuse the next /game
            message = await self._chat.bot.send_message(self._where.chat, game_render.lobby(lobby),
                                                        message_thread_id=self._where.topic,
                                                        parse_mode=ParseMode.HTML, reply_markup=keyboard,
                                                        link_preview_options=NO_PREVIEW)
            return Posted(str(message.message_id))
        return self._posted_where(lobby.chat_id, await self._posting(lobby.game_id, post))

    @for_game
    async def begins(self, begins: GameBegins) -> None:
        """The lobby message becomes the list of players, without its buttons (no message of its own)."""
        async def edit() -> None:
            lobby_message = self._here(begins.chat_id, begins.lobby_message)
            if lobby_message is None:
                return
            try:
                await self._chat.bot.edit_message_text(game_render.begins(begins), self._where.chat,
                                                       int(lobby_message), parse_mode=ParseMode.HTML)
            except NetworkError as error:  # deleted by an admin (BadRequest), or a failure left unsent again: on
                log.info("could not edit the lobby of game %s: %s", begins.game_id, error)
        await self._posting(begins.game_id, edit)

    @for_game
    async def ask(self, question: GameQuestion) -> Posted:
        layout = poll_layout(question)
        blocks = [render.question_notices(question.notices), layout.lettered or ""]
        period = min(max(question.seconds, PollLimit.MIN_OPEN_PERIOD), PollLimit.MAX_OPEN_PERIOD)

        async def post() -> Posted:
            if (passed_over := self._here(question.chat_id, question.passed_over)) is not None:
                await self._close_poll(passed_over)  # a reload removed it: no results will close its poll
            before: list[str] = []  # taken away with the poll if it is withdrawn (Posted.before)
            if any(blocks):
                try:
                    before = await self._chat.html_sent(self._chat_id, blocks)
                except MaybeCarriedOut as error:  # not sent again (network.resendable): the question goes up still
                    log.warning("the text before game %s's question may not have gone out: %s", question.game_id,
                                error)
            # MaybeCarriedOut (a MaybeDelivered): up perhaps, its id unknown; the game keeps its question as unheard,
            # in every process's sight, and votes on a poll nobody knows may be for it (GameVotes.vote_on_lost).
            async with self._polls.sending():  # a vote that beats this reply waits for it (game_polls.py)
                try:
                    message = await self._chat.bot.send_poll(
                        self._where.chat, layout.question, layout.options, message_thread_id=self._where.topic,
                        is_anonymous=False, type=Poll.QUIZ,
                        correct_option_ids=[layout.correct_index],  # type: ignore[list-item]  # PTB: each a literal
                        explanation=layout.explanation or None, explanation_parse_mode=ParseMode.HTML,
                        open_period=period)
                except BadRequest as error:
                    if polls_refused(error):  # the group's settings don't let members send polls
                        raise ChatRefused(N_("Send Polls")) from error  # the engine says it in the game's language
                    raise
                poll_id = message.poll.id if message.poll is not None else None
                if poll_id is not None:
                    self._polls.add(poll_id, question.game_id, question.position)
            return Posted(str(message.message_id), poll_id, before=tuple(before))
        return self._posted_where(question.chat_id, await self._posting(question.game_id, post))

    @for_game
    async def results(self, results: GameResults) -> None:
        keyboard = InlineKeyboardMarkup([[button(results.explain_label, Action.EXPLAIN,
                                                 explain_value(results.game_id, results.position))]])

        async def post() -> None:
            question_message = self._here(results.chat_id, results.question_message)
            if results.closed_early and question_message is not None:
                await self._close_poll(question_message)
            await self._chat.html(self._chat_id, [game_render.results(results)], keyboard, follow=False)
        await self._posting(results.game_id, post)

    @for_game
    async def podium(self, podium: GamePodium) -> None:
        async def post() -> None:  # the game is over already: refused, this only spares the log a traceback
            if (open_question := self._here(podium.chat_id, podium.open_question)) is not None:
                await self._close_poll(open_question)
            if (open_lobby := self._here(podium.chat_id, podium.open_lobby)) is not None:
                await self._take_buttons_away(open_lobby)  # stopped in its lobby: a press could only be refused
            await self._chat.html(self._chat_id, [game_render.podium(podium)], follow=False)
        await self._posting(podium.game_id, post)

    @for_game
    async def close_question(self, question: GameQuestion, posted: Posted) -> None:
        if posted.message_id is not None:
            await self._close_poll(posted.message_id)

    @for_game
    async def withdraw_question(self, question: GameQuestion, posted: Posted) -> None:
        """The poll deleted, then the text that went before it (its lettered options, its notices): the other poll
        has its own. Kept if the poll stays (not deleted), which it explains."""
        if posted.message_id is None or not await self._chat.withdraw_poll(self._chat_id, posted.message_id):
            return
        for message_id in posted.before:
            try:
                await self._chat.bot.delete_message(self._where.chat, int(message_id))
            except TelegramError as error:  # deleted by an admin, say: the game goes on with the other poll
                log.info("could not delete game message %s before a poll taken away: %s", message_id, error)

    @for_game
    async def close_lobby(self, lobby: GameLobby, posted: Posted) -> None:
        if posted.message_id is not None:
            await self._take_buttons_away(posted.message_id)

    @for_game
    async def set_aside(self, aside: SetAside) -> Aside:
        """A player's own timed quiz poll, in this chat, is deleted as any held poll is (a stopped quiz poll shows
        its answer); only then is it said there, naming them in a group. Deleted, it is REMOVED even if that word
        is refused (flood control, the network): its clock stops and nothing is sent to it any more."""
        if not await self._chat.close_linked_poll(aside.link):
            return Aside.NOT_YET
        try:
            await self._chat.html(self._chat_id, [render.outcome_notice(
                aside.text, owner_in(self._chat_id, aside.owner, aside.name))])
        except TelegramError as error:
            log.info("could not say poll message %s was taken away in chat %s: %s", aside.link.message_key,
                     self._chat_id, error)
        return Aside.REMOVED

    async def _posting(self, game_id: str, post: Callable[[], Awaitable[T]]) -> T:
        """``post`` to the game's chat, a refusal said as _still_in_group says it. Where Telegram answers that the
        group became a supergroup (its migration message not yet handled) and the game went on there with the
        group's records, ``post`` goes there once more, as everything after: the supergroup's members are the
        group's, and their votes on its polls still count (a poll's id names it, not its chat). A game left behind
        stays so: its podium, once it is over, must not follow into the other game's chat either."""
        with _still_in_group():
            try:
                return await post()
            except ChatMigrated as error:
                new = str(error.new_chat_id)
                if self._left_behind or not await self._chat.game_followed(self._chat_id, new, game_id):
                    self._left_behind = True  # not a missing right: the supergroup runs a game of its own
                    raise ChatClosed(MOVED_TO_A_GAME) from error
                self._chat_id, self._where = new, place(new)
            return await post()

    def _here(self, recorded_in: str, message_id: str | None) -> str | None:
        """``message_id``, recorded in the chat ``recorded_in``, if that is still where this game posts: a group's
        message left in it when the game followed into its supergroup (_posting) is gone to the game, as message ids
        are per chat and the same id there may name another of the bot's messages."""
        return message_id if recorded_in == self._chat_id else None

    def _posted_where(self, event_chat: str, posted: Posted) -> Posted:
        """``posted`` saying it went to the supergroup, where the game followed its group (_posting)."""
        return posted if event_chat == self._chat_id else replace(posted, chat_id=self._chat_id)

    async def tell_privately(self, person: Actor, notice: Notice) -> None:
        """In their private chat, if they started the bot (else logged), as a command's CHAT_UNHEARD."""
        await PersonalAnswers.privately(notice, person, self._chat)

    async def _take_buttons_away(self, message_id: str) -> None:
        """Best effort, as _close_poll."""
        try:
            await self._chat.bot.edit_message_reply_markup(self._where.chat, int(message_id), reply_markup=None)
        except NetworkError as error:  # deleted by an admin (BadRequest), say: the podium says it all the same
            log.info("could not take the buttons off lobby message %s: %s", message_id, error)

    async def _close_poll(self, message_id: str) -> None:
        """Best effort: what follows (the next question, the results, the podium) goes up all the same, and a poll
        left open closes at its own time. A failure that may have gone through (a 5xx, no answer in time) is not
        sent again (network.resendable); a chat that refuses the bot (Forbidden) is no NetworkError: said as
        ChatRefused by _still_in_group."""
        try:
            await self._chat.close_poll(self._chat_id, message_id)
        except NetworkError as error:
            log.info("could not close game poll message %s: %s", message_id, error)
