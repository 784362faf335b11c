"""Poll answers and inline button presses: the learner acting on something the bot sent earlier."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from datetime import datetime

from telegram import CallbackQuery, Update, User
from telegram.constants import ChatType, ParseMode
from telegram.error import BadRequest, NetworkError
from telegram.ext import ContextTypes

from adapters.telegram import render
from adapters.telegram.actors import actor_for, is_private, owner_in, update_actor
from adapters.telegram.callback_data import Action, ButtonData, decode
from adapters.telegram.chat import TelegramChat
from adapters.telegram.commands import Commands, surface_in
from adapters.telegram.html_text import esc, said
from adapters.telegram.menu import next_steps
from adapters.telegram.surface import TelegramSurface
from adapters.telegram.topics import chat_key
from adapters.telegram.update_processor import UpdateProcessor
from bot.delivery import Shown, Target
from bot.engine import QuizEngine
from bot.replies import Actor, AnswerOutcome, Notice, NoticeCode
from bot.text import shorten

log = logging.getLogger(__name__)
Context = ContextTypes.DEFAULT_TYPE

# Said nowhere: a repeated answer needs no reply, and in a group another member's vote on someone
# else's poll would only add noise (the group is limited to 20 messages a minute).
SILENT_ON_POLL = {NoticeCode.ALREADY_ANSWERED, NoticeCode.NOT_YOUR_SESSION, NoticeCode.NOT_A_QUIZ_MESSAGE,
                  NoticeCode.NO_ACTIVE_SESSION}
ALERT_LIMIT = 200  # characters in a callback query answer
NO_SUCH_POLL = {NoticeCode.LOST_MESSAGE, NoticeCode.NOT_A_QUIZ_MESSAGE}  # perhaps a group game's
LINK_GRACE = (0.25, 0.5, 0.75)  # seconds between looks for a poll nobody knows yet
GAME_ACTIONS = {Action.OPEN_GAME, Action.JOIN_GAME, Action.BEGIN_GAME, Action.EXPLAIN}


class Interactions:
    def __init__(self, engine: QuizEngine, chat: TelegramChat, commands: Commands,
                 link_grace: tuple[float, ...] = LINK_GRACE) -> None:
        self._engine = engine
        self._chat = chat
        self._commands = commands
        self._link_grace = link_grace

    async def poll_answer(self, update: Update, context: Context) -> None:
        """Score the first option chosen; a retracted vote (no options) changes nothing."""
        answer = update.poll_answer
        if answer is None or answer.user is None or answer.voter_chat is not None or not answer.option_ids:
            # Cast in a chat's name (a channel's, an anonymous admin's): no learner to score. Telegram puts the same
            # placeholder user (@Channel_Bot) in every such vote, which would play as one shared "Channel".
            return
        actor, name = actor_for(answer.user), answer.user.first_name
        # A game's vote is timed from when it came in: neither its wait behind its voter's earlier updates nor the
        # looks for a poll nobody knows yet (LINK_GRACE) are the voter's
        processor = context.application.update_processor
        arrived = (processor.arrived(update) if isinstance(processor, UpdateProcessor) else None) or self._engine.now()
        games = self._commands.games
        if games.polls.get(answer.poll_id) is not None:  # a group game's poll, sent by this process
            await games.votes.vote(actor, answer.user, answer.poll_id, answer.option_ids[0], arrived=arrived)
            return

        def where(reply: Shown) -> TelegramSurface:  # a poll answer has no chat: the reply says where the quiz is
            chat = getattr(reply, "chat_id", None) or actor.user_id  # a private chat's id is the user's id
            return surface_in(self._chat, chat, actor, name)

        async with self._commands.closing_left_open(where) as shown:  # a vote back in a left quiz: the other's poll
            result = await self._score_vote(actor, answer.user, answer.poll_id, answer.option_ids[0], shown, arrived)
            if result is None:
                return  # a group game's poll, sent before a restart or by another process
            if isinstance(result, Notice) and result.code is NoticeCode.LOST_MESSAGE:
                # Telegram only sends answers to the bot's own polls: this one was sent but never linked.
                result = await self._engine.ask_again(actor, shown)
        if isinstance(result, Notice) and result.code is NoticeCode.NOT_A_QUIZ_MESSAGE:
            # Telegram only sends answers to the bot's own polls: a group game's or another learner's that lost its
            # link (sendPoll's answer never came back, or the process died before storing it). Not the voter's.
            if await games.votes.vote_on_lost(actor, answer.user, answer.poll_id, answer.option_ids[0], arrived):
                return  # the game's whose poll went out unheard
            log.info("%s user %s voted on poll %s, which no quiz or game knows (its link was lost): ignored",
                     actor.platform, actor.user_id, answer.poll_id)
        if isinstance(result, Notice) and result.code is NoticeCode.IN_A_GAME and result.chat_id is not None:
            # The owner's own poll, in a group too: else their vote seems lost while the game goes on.
            await self._commands.notice(result.chat_id, result, owner_in(result.chat_id, actor, name))
        elif isinstance(result, Notice) and result.code not in SILENT_ON_POLL:
            await self._tell_privately(actor, result)

    async def _score_vote(self, actor: Actor, user: User, poll_id: str, option: int, where: Target,
                          arrived: datetime | None = None) -> AnswerOutcome | Notice | None:
        """A vote on a learner's quiz poll (its outcome), or on a group game's (None). A poll nobody knows is
        looked for again after short waits: with webhook replicas, another process may have sent it a moment
        ago and not stored its link yet. Only the first look waits for this process's game polls being sent."""
        for look, delay in enumerate((*self._link_grace, None)):
            # A quiz poll: Telegram marks its right option for the voter as the vote lands. A timed one is sent with
            # open_period (surface.py), and Telegram takes no vote once it closed: one it delivers was cast in time,
            # however long it waited for us (a restart). An untimed one has no deadline to be late for.
            result = await self._engine.answer_message(actor, poll_id, option, where, key_shown=True,
                                                       closes_at_deadline=True)
            if not (isinstance(result, Notice) and result.code in NO_SUCH_POLL):
                return result
            if await self._commands.games.votes.vote(actor, user, poll_id, option, wait=not look, arrived=arrived):
                return None
            if delay is None:
                return result
            await asyncio.sleep(delay)
        raise AssertionError("unreachable: the last round returns")

    async def button(self, update: Update, context: Context) -> None:
        query = update.callback_query
        actor = update_actor(update)
        if query is None or actor is None:
            return
        data = decode(query.data)
        if data is None or actor.chat_id is None:
            await acknowledge(query)  # an old or foreign button: just stop the spinner
            return
        surface = surface_in(self._chat, actor.chat_id, actor, query.from_user.first_name)
        if data.action in GAME_ACTIONS:
            await self._commands.games.button(query, actor, data)
        elif data.action in (Action.LANGUAGE, Action.WELCOME_LANGUAGE):
            await self._choose_language(update, actor, data, surface)
        elif data.action is Action.CHAT_LANGUAGE:  # the picker of /language alone in a group: as typed there
            await self._commands.games.group_language(actor, actor.chat_id, data.value, query)
        elif data.action is Action.START_QUIZ:
            await self._start_quiz(query, actor, actor.chat_id, data.value, surface)
        elif data.action is Action.REVIEW:
            await acknowledge(query)
            await self._commands.review_in(actor, actor.chat_id, query.from_user.first_name, pressed=True)
        elif data.action is Action.RETRY:
            async with self._commands.closing_left_open(surface) as shown:
                retried = await self._engine.retry_missed(actor, data.value, shown)
                if isinstance(retried, Notice):  # e.g. someone else's summary: tell only the one who pressed
                    await acknowledge(query, shorten(retried.text, ALERT_LIMIT), alert=True)
                    return
                await acknowledge(query)

    async def _start_quiz(self, query: CallbackQuery, actor: Actor, chat: str, quiz_id: str,
                          surface: TelegramSurface) -> None:
        """A quiz list's button. In a group, as /quiz typed there: the question asked a moment ago isn't asked
        again; and a refusal goes in the press's popup, the presser's alone, costing the group no message."""
        private = is_private(chat, actor)
        if private:
            await acknowledge(query)  # the spinner stops at once; the quiz's question or refusal follows
        async with self._commands.closing_left_open(surface) as shown:
            # A removed quiz's id starts no other.
            reply = await self._engine.start_by_id(actor, quiz_id, shown, shared=not private)
        if isinstance(reply, Notice) and not private and reply.is_error:
            await acknowledge(query, shorten(reply.text, ALERT_LIMIT), alert=True)
            return
        await acknowledge(query)
        if isinstance(reply, Notice):
            await self._commands.notice(chat, reply, owner_in(chat, actor, query.from_user.first_name))

    async def _choose_language(self, update: Update, actor: Actor, data: ButtonData,
                               surface: TelegramSurface) -> None:
        """In a private chat the picker turns into the confirmation, or, a question waiting being asked again in
        the new language under it, is taken away; in a group (the welcome's picker) only the presser is told. The
        welcome's picker keeps what the welcome named (the quiz left open, the questions due), in the new words."""
        query = update.callback_query
        if query is None:
            return
        chat = update.effective_chat
        if chat is None or chat.type != ChatType.PRIVATE:
            notice = await self._engine.set_language(actor, data.value)
            await acknowledge(query, shorten(notice.text, ALERT_LIMIT))
            return
        async with self._commands.closing_left_open(surface) as shown:
            reply = await self._engine.choose_language(actor, data.value, shown)
        if isinstance(reply, Notice) and reply.is_error:
            await acknowledge(query, shorten(reply.text, ALERT_LIMIT))
            return
        await acknowledge(query)
        _ = self._engine.localizer_for(reply.language)
        notes = await self._welcome_notes(actor, asked_again=not isinstance(reply, Notice)) \
            if data.action is Action.WELCOME_LANGUAGE else []
        if not isinstance(reply, Notice) and notes:  # the question is asked again below: only what else is due
            with contextlib.suppress(BadRequest):  # too old to edit: it stays, as a picker
                await query.edit_message_text("\n".join(notes), parse_mode=ParseMode.HTML)
        elif not isinstance(reply, Notice):  # said above the question asked again: the picker has done its part
            with contextlib.suppress(BadRequest):  # too old to delete: it stays, as a picker
                await query.delete_message()
        else:
            text = "\n".join([esc(reply.text), esc(next_steps(_)), *notes])
            try:
                await query.edit_message_text(text, parse_mode=ParseMode.HTML)
            except BadRequest:  # a picker too old to edit, or pressed twice: say it in a new message
                await self._chat.html(chat_key(chat, query.message), [text])
        await self._commands.chat_menu(actor.user_id, _)

    async def _welcome_notes(self, actor: Actor, *, asked_again: bool) -> list[str]:
        """What the welcome named besides, now in the learner's new language: the quiz left open (unless
        ``asked_again``: its question is, right below) and the questions due for review."""
        profile = await self._engine.profile(actor, with_due=True)
        notes = [profile.due_note] if asked_again else [profile.open_note, profile.due_note]
        return [said(note) for note in notes if note]

    async def _tell_privately(self, actor: Actor, notice: Notice) -> None:
        """A poll answer has no chat: reply only where the poll was sent, and only if that is a private chat."""
        if notice.chat_id is not None and is_private(notice.chat_id, actor):
            await self._chat.html(notice.chat_id, [render.notice(notice)])


async def acknowledge(query: CallbackQuery, text: str | None = None, *, alert: bool = False) -> None:
    """Stop the button's spinner. A press too old to acknowledge (made while the bot was down) still counts, as does
    one whose answer failed in a way that may have gone through (not sent again: network.resendable)."""
    try:
        await query.answer(text, show_alert=alert)
    except NetworkError as error:  # BadRequest among them
        log.info("could not acknowledge button press %s: %s", query.id, error)
