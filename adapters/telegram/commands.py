"""Slash commands: each one turns into an engine call, and the reply is handed to the Sender."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from telegram import Update
from telegram.constants import ChatType
from telegram.ext import ContextTypes

from adapters.once_per import OncePer
from adapters.telegram import render
from adapters.telegram.actors import command_argument, update_actor
from adapters.telegram.html_text import esc
from adapters.telegram.keyboards import language_picker, quiz_buttons
from adapters.telegram.menu import help_text, next_steps
from adapters.telegram.sender import Sender
from bot.engine import QuizEngine
from bot.replies import Actor, Notice, NoticeCode

Context = ContextTypes.DEFAULT_TYPE
Callback = Callable[[Update, Context], Awaitable[None]]
Command = Callable[[Actor, str, Update, Context], Awaitable[None]]


def with_actor(command: Command) -> Callback:
    """A PTB callback that works out who spoke and where, and ignores updates without a person or chat."""
    async def callback(update: Update, context: Context) -> None:
        actor = update_actor(update)
        if actor is not None and actor.chat_id is not None:
            await command(actor, actor.chat_id, update, context)
    return callback


HINT_PERIOD = 60.0  # seconds: someone chatting at the bot hears how to start at most once a minute


class Commands:
    def __init__(self, engine: QuizEngine, sender: Sender) -> None:
        self._engine = engine
        self._sender = sender
        self._hinted = OncePer(HINT_PERIOD)

    def callbacks(self) -> dict[str, Callback]:
        """Command name -> PTB callback."""
        commands: dict[str, Command] = {
            "start": self.start, "help": self.help, "quizzes": self.quizzes, "quiz": self.quiz,
            "preview": self.preview, "stop": self.stop, "skip": self.skip, "language": self.language,
            "progress": self.progress, "reload": self.reload,
        }
        return {name: with_actor(command) for name, command in commands.items()}

    async def start(self, actor: Actor, chat: str, update: Update, context: Context) -> None:
        """Welcome; offer the language picker when neither a choice nor the client's language tells us."""
        known = await self._engine.language_known(actor)
        _ = await self._engine.localizer(actor)
        lines = [esc(_("Hello, {name}! I'm QuizTutor: I ask quiz questions and explain the answers.",
                       name=_first_name(update))),
                 esc(next_steps(_))]
        if not known:
            lines.append(esc(_("Which language should I speak?")))
        await self._sender.html(chat, ["\n".join(lines)], None if known else language_picker())

    async def help(self, actor: Actor, chat: str, update: Update, context: Context) -> None:
        _ = await self._engine.localizer(actor)
        await self._sender.html(chat, [help_text(_, admin=self._engine.is_admin(actor), group=_in_group(update))])

    async def quizzes(self, actor: Actor, chat: str, update: Update, context: Context) -> None:
        await self._show_quizzes(actor, chat)

    async def quiz(self, actor: Actor, chat: str, update: Update, context: Context) -> None:
        """Start the named quiz, or resume the latest one; in a group it is the caller's own session."""
        reply = await self._engine.start(actor, command_argument(context.args))
        if isinstance(reply, Notice) and reply.code is NoticeCode.NO_ACTIVE_SESSION:
            await self._show_quizzes(actor, chat, reply)
            return
        await self._sender.reply(chat, reply, actor, _first_name(update))

    async def preview(self, actor: Actor, chat: str, update: Update, context: Context) -> None:
        reference = command_argument(context.args)
        if reference is None:
            listing = await self._engine.list_quizzes(actor)
            _ = await self._engine.localizer(actor)
            example = listing.entries[0].quiz_id if listing.entries else "…"
            usage = _("Send /preview followed by a quiz id, for example: /preview {quiz_id}", quiz_id=example)
            await self._sender.html(chat, [esc(usage)])
            return
        reply = await self._engine.preview(actor, reference)
        await self._sender.html(chat, [render.notice(reply)] if isinstance(reply, Notice) else render.preview(reply))

    async def stop(self, actor: Actor, chat: str, update: Update, context: Context) -> None:
        await self._sender.notice(chat, await self._engine.stop(actor))

    async def skip(self, actor: Actor, chat: str, update: Update, context: Context) -> None:
        await self._sender.reply(chat, await self._engine.skip(actor), actor, _first_name(update))

    async def language(self, actor: Actor, chat: str, update: Update, context: Context) -> None:
        """``/language sw`` sets it at once; ``/language`` alone shows the picker."""
        choice = command_argument(context.args)
        if choice is not None:
            await self._sender.notice(chat, await self._engine.set_language(actor, choice))
            return
        _ = await self._engine.localizer(actor)
        await self._sender.html(chat, [esc(_("Which language should I speak?"))], language_picker())

    async def progress(self, actor: Actor, chat: str, update: Update, context: Context) -> None:
        await self._sender.html(chat, [render.progress(await self._engine.progress(actor))])

    async def reload(self, actor: Actor, chat: str, update: Update, context: Context) -> None:
        """Admins only (the engine checks): re-read the content; a failure keeps serving the previous one."""
        report = await self._engine.reload(actor)
        _ = await self._engine.localizer(actor)
        await self._sender.html(chat, [render.reload_report(report, _)])

    async def hint(self, update: Update, context: Context) -> None:
        """Free text, an unknown command or a sticker in a private chat: say what to send instead."""
        actor = update_actor(update)
        if actor is None or actor.chat_id is None or not self._hinted.allow(actor.user_id):
            return
        _ = await self._engine.localizer(actor)
        await self._sender.html(actor.chat_id, [esc(next_steps(_))])

    async def _show_quizzes(self, actor: Actor, chat: str, notice: Notice | None = None) -> None:
        listing = await self._engine.list_quizzes(actor)
        blocks = ([render.notice(notice)] if notice else []) + render.quiz_list(listing)
        await self._sender.html(chat, blocks, quiz_buttons(listing))


def _first_name(update: Update) -> str:
    return update.effective_user.first_name if update.effective_user else ""


def _in_group(update: Update) -> bool:
    chat = update.effective_chat
    return chat is not None and chat.type in (ChatType.GROUP, ChatType.SUPERGROUP)
