"""Slash commands: each one turns into an engine call; what it shows goes to the learner's chat."""

from __future__ import annotations

import logging
from contextlib import AbstractAsyncContextManager

from telegram import Update

from adapters.left_open import Showing, closing_left_open
from adapters.once_per import OncePer
from adapters.telegram import render
from adapters.telegram.actors import (
    PLATFORM,
    Command,
    command_argument,
    is_group,
    is_private,
    owner_in,
    update_actor,
    with_actor,
)
from adapters.telegram.anonymous_admins import AnonymousAdmins
from adapters.telegram.callback_data import Action
from adapters.telegram.chat import TelegramChat
from adapters.telegram.fetched import sent_again
from adapters.telegram.games import GameCommands
from adapters.telegram.group_repeats import GroupRepeats
from adapters.telegram.html_text import esc
from adapters.telegram.keyboards import fresh_quiz_button, quiz_buttons, retry_button, unbuttoned
from adapters.telegram.member_commands import MemberCommands, first_name
from adapters.telegram.menu import help_text, how_to_answer, next_steps, set_chat_menu
from adapters.telegram.personal import Send, language_question
from adapters.telegram.reload_reply import reload_reply
from adapters.telegram.sent_order import sent_before
from adapters.telegram.surface import TelegramSurface
from adapters.telegram.topics import chat_key
from adapters.telegram.typed_commands import Callback, Context, run_typed
from adapters.telegram.welcome import welcome
from bot.delivery import Target
from bot.engine import QuizEngine
from bot.i18n import Localizer
from bot.records import HeldLink, MessageLink
from bot.replies import Actor, Notice, NoticeCode, Stopped, WhichQuiz

log = logging.getLogger(__name__)

HINT_PERIOD = 60.0  # seconds: someone chatting at the bot hears how to start at most once a minute


def surface_in(chat: TelegramChat, chat_id: str, actor: Actor, first_name: str) -> TelegramSurface:
    """Where this learner's quiz shows; in a group, each message names whose quiz it is."""
    return TelegramSurface(chat, chat_id, owner_in(chat_id, actor, first_name))


class Commands:
    def __init__(self, engine: QuizEngine, chat: TelegramChat, games: GameCommands, repeats: GroupRepeats) -> None:
        self._engine = engine
        self._chat = chat
        self.games = games
        self._hinted = OncePer(HINT_PERIOD)
        self._repeats = repeats  # the lists and the help: in a group, once a minute
        self._personal = games.personal  # answers about one member: in a group, privately if we can
        self._members = MemberCommands(engine, chat, self._personal)
        self._anonymous = AnonymousAdmins(engine, chat, games, repeats, self._show_quizzes)  # posting as the group
        # The private chats whose menu this process set (see chat_menu): the latest learners' only, not every one
        # who ever chose a language for as long as the process runs. One forgotten has it set again at /help.
        self._menus_set = OncePer(None)

    def callbacks(self) -> dict[str, Callback]:
        """Command name -> PTB callback."""
        commands: dict[str, Command] = {
            "start": self.start, "help": self.help, "quizzes": self.quizzes, "quiz": self.quiz,
            "preview": self.preview, "stop": self.stop, "skip": self.skip, "retry": self.retry,
            "language": self.language, "progress": self._members.progress, "reload": self.reload,
            "review": self.review, "timezone": self._members.timezone, "reminders": self._members.reminders,
            "game": self.game, "leaderboard": self.leaderboard}
        return {name: with_actor(command, self._nameless(name)) for name, command in commands.items()}

    def _nameless(self, command: str) -> Callback:
        async def callback(update: Update, context: Context) -> None:
            await self.nameless(command, update, context)
        return callback

    async def nameless(self, command: str, update: Update, context: Context) -> None:
        """A command an anonymous admin posted: done if it steers the group, which is theirs to do; else whoever
        it is can't have a quiz or a score of their own."""
        chat, message = update.effective_chat, update.effective_message
        # Only an anonymous admin posts as the group itself; a post as a channel (a linked channel's automatic
        # forward, say) is left alone.
        if chat is not None and message is not None and message.sender_chat is not None \
                and message.sender_chat.id == chat.id:
            where = chat_key(chat, message)
            if await self._anonymous.run(command, where, update, context):
                return
            notice = await self._engine.games.nameless(PLATFORM, where, opening_game=command == "game")
            await self._chat.html(where, [render.notice(notice)])

    async def start(self, actor: Actor, chat: str, update: Update, context: Context) -> None:
        """Welcome (see welcome). With a payload from a game's "Explain" button, the explanation instead: in the
        private chat only, as it says what the player chose. With a quiz's name, a link to it (t.me/<bot>?start=fsdp)
        opened in the private chat: then that quiz starts, as /quiz fsdp."""
        if context.args and not is_group(update.effective_chat) \
                and await self.games.explain_privately(actor, chat, context.args[0]):
            return
        linked = command_argument(context.args) if context.args and is_private(chat, actor) else None
        await self._personal.answer("start", context.args, actor, chat, first_name(update),
                                    welcome(self._engine, self._chat, actor, first_name(update), linked))
        if linked is not None:
            await self.quiz_named(actor, chat, first_name(update), linked, linked=True)

    async def help(self, actor: Actor, chat: str, update: Update, context: Context) -> None:
        profile = await self._engine.profile(actor)
        _ = self._engine.localizer_for(profile.language)
        await self._repeats.answer("help", actor, chat, first_name(update), lambda: self._chat.html(
            chat, [help_text(_, admin=profile.admin, group=is_group(update.effective_chat))]), variant=profile.admin)
        # Once per process: the menu set when they chose may be an older release's, or never set (chosen in a
        # group, or before chats had their own menu).
        if profile.language_chosen and is_private(chat, actor) and self._menus_set.allow(actor.user_id):
            await set_chat_menu(self._chat.bot, actor.user_id, _)

    async def quizzes(self, actor: Actor, chat: str, update: Update, context: Context) -> None:
        await self._repeats.answer("quizzes", actor, chat, first_name(update), lambda: self._show_quizzes(actor, chat))

    async def quiz(self, actor: Actor, chat: str, update: Update, context: Context) -> None:
        await self.quiz_named(sent_again(actor, update, context), chat, first_name(update),
                              command_argument(context.args))

    async def quiz_named(self, actor: Actor, chat: str, name: str, reference: str | None, *,
                         linked: bool = False) -> None:
        """Start the named quiz, or resume the latest one; in a group it is the caller's own session. ``linked``: named
        by a link's /start, whose payload may name no quiz (a campaign's tag): said nothing of then."""
        owner = owner_in(chat, actor, name)
        async with self.closing_left_open(surface_in(self._chat, chat, actor, name)) as surface:
            # In a group, the question asked there a moment ago isn't asked again: each poll spends its budget.
            reply = surface.returned(await self._engine.start(actor, reference, surface,
                                                              shared=not is_private(chat, actor)))
        if isinstance(reply, WhichQuiz):  # several quizzes match: the question, and a button for each
            await self._repeats.which(reply, actor, chat, name, reference or "")
        elif isinstance(reply, Notice) and reply.code is NoticeCode.NO_ACTIVE_SESSION:  # and the list: as /quizzes
            await self._repeats.answer("quizzes", actor, chat, name,
                                       lambda: self._show_quizzes(actor, chat, reply, owner), reply.text)
        elif isinstance(reply, Notice) and not (linked and reply.code is NoticeCode.QUIZ_NOT_FOUND):
            await self.tell("quiz", actor, chat, name, reply)  # e.g. that quiz is theirs in a group game now

    async def preview(self, actor: Actor, chat: str, update: Update, context: Context) -> None:
        """A quiz's questions without their answers (or its usage, or which quiz): one member's long read, so in a
        group privately if we can (see PersonalAnswers)."""
        reference = command_argument(context.args)

        async def prepare() -> Send:
            if reference is None:
                listing = await self._engine.list_quizzes(actor)
                _ = self._engine.localizer_for(listing.language)
                example = listing.entries[0].quiz_id if listing.entries else "…"
                usage = Notice(_("Send /preview followed by a quiz id, for example: /preview {quiz_id}",
                                 quiz_id=example))
                return lambda to, owner: self.notice(to, usage, owner)
            reply = await self._engine.preview(actor, reference)
            return lambda to, owner: self._chat.html(to, render.which_quiz(reply, owner, command="preview")
                                                     if isinstance(reply, WhichQuiz) else
                                                     [render.outcome_notice(reply.text, owner)]
                                                     if isinstance(reply, Notice) else render.preview(reply, owner))
        await self._personal.answer("preview", context.args, actor, chat, first_name(update), prepare)

    async def stop(self, actor: Actor, chat: str, update: Update, context: Context) -> None:
        # Its poll is closed, else it stays open to votes that only say the quiz was stopped.
        notice = await self._engine.stop(actor, self.close_linked_poll)
        owner = owner_in(chat, actor, first_name(update))  # in a group: whose quiz it was
        if isinstance(notice, Stopped) and notice.retry_offer:  # as under a summary: the offer and its button
            await self._chat.html(chat, [render.outcome_notice(notice.text, owner) + "\n" + esc(notice.retry_offer)],
                                  retry_button(notice))
        else:
            await self.tell("stop", actor, chat, first_name(update), notice)

    async def retry(self, actor: Actor, chat: str, update: Update, context: Context) -> None:
        """The questions missed in the learner's last quiz, finished or stopped; in a group, their own round."""
        async with self.closing_left_open(surface_in(self._chat, chat, actor, first_name(update))) as surface:
            reply = await self._engine.retry_missed(actor, None, surface, shared=not is_private(chat, actor))
        if isinstance(reply, Notice):  # e.g. nothing to retry
            await self.tell("retry", actor, chat, first_name(update), reply)

    async def skip(self, actor: Actor, chat: str, update: Update, context: Context) -> None:
        # Then the skipped question's poll is closed (a removed quiz's too): a vote there would count for nothing.
        async with self.closing_left_open(surface_in(self._chat, chat, actor, first_name(update))) as surface:
            skipped = self._engine.skip(actor, surface, sent_before=sent_before(chat, update.effective_message))
            reply = surface.returned(await skipped)
        if isinstance(reply, Notice):  # e.g. nothing to skip
            await self.tell("skip", actor, chat, first_name(update), reply)

    async def language(self, actor: Actor, chat: str, update: Update, context: Context) -> None:
        """``/language sw`` sets it at once; ``/language`` alone shows the picker. In a group, an admin's
        ``/language sw`` sets the group's language for games."""
        choice = command_argument(context.args)
        async def picker() -> Send:
            _ = self._engine.localizer_for((await self._engine.profile(actor)).language)
            action = Action.LANGUAGE if is_private(chat, actor) else Action.CHAT_LANGUAGE  # as typed there
            return language_question(self._chat, _, action)
        if choice is not None and not is_private(chat, actor):
            await self.games.group_language(actor, chat, choice, name=first_name(update))
        elif choice is not None:  # a question waiting is asked again in it, the confirmation above its new poll
            async with self.closing_left_open(surface_in(self._chat, chat, actor, first_name(update))) as surface:
                reply = await self._engine.choose_language(actor, choice, surface)
            if isinstance(reply, Notice):
                await self.notice(chat, reply)
            if not (isinstance(reply, Notice) and reply.is_error):
                await self.chat_menu(actor.user_id, self._engine.localizer_for(reply.language))
        elif is_private(chat, actor) or await self.games.may_pick_group_language(actor, chat, first_name(update)):
            # In a group, the group's picker: pressed there only, and one a minute per member is enough.
            await self._personal.answer("language", None, actor, chat, first_name(update), picker, here=True)

    async def chat_menu(self, user_id: str, _: Localizer) -> None:
        """The command menu of this learner's private chat in the language they chose (see set_chat_menu)."""
        self._menus_set.allow(user_id)
        await set_chat_menu(self._chat.bot, user_id, _)

    async def review(self, actor: Actor, chat: str, update: Update, context: Context) -> None:
        await self.review_in(actor, chat, first_name(update))

    async def review_in(self, actor: Actor, chat: str, first_name: str, *, pressed: bool = False) -> None:
        """The learner's due questions as quiz polls, or when the next review is. ``pressed``: by a reminder's
        button, not typed (see QuizEngine.review)."""
        async with self.closing_left_open(surface_in(self._chat, chat, actor, first_name)) as surface:
            # A Notice too may leave a poll to take away: a round of an earlier day ended, nothing due today.
            reply = surface.returned(await self._engine.review(actor, surface, shared=not is_private(chat, actor),
                                                               pressed=pressed))
        if isinstance(reply, Notice):  # e.g. when their next review is
            await self.tell("review", actor, chat, first_name, reply)

    async def game(self, actor: Actor, chat: str, update: Update, context: Context) -> None:
        await self.games.game(actor, chat, update.effective_user, list(context.args or []), update.effective_message)

    async def leaderboard(self, actor: Actor, chat: str, update: Update, context: Context) -> None:
        await self.games.leaderboard(actor, chat, list(context.args or []), first_name(update))

    async def reload(self, actor: Actor, chat: str, update: Update, context: Context) -> None:
        """Admins only (the engine checks): re-read the content, a failure keeping the previous (see reload_reply)."""
        async def prepare() -> Send:
            report = await self._engine.reload(actor)
            return lambda to, owner: self._chat.html(to, [render.reload_report(report, owner=owner)])
        if self._engine.is_admin(actor):  # done every time: an admin may reload again at once, files fixed
            report = await self._engine.reload(actor)
            _ = self._engine.localizer_for(report.language)
            await reload_reply(self._chat, report, _, actor, chat, first_name(update))
        else:  # refused: theirs alone, as /progress
            await self._personal.answer("reload", None, actor, chat, first_name(update), prepare)

    async def hint(self, update: Update, context: Context) -> None:
        """Free text, an unknown command or a sticker in a private chat: say what to send instead (with a question
        waiting, how to answer it rather than how to start a quiz). A command typed with a full-width slash runs."""
        if await run_typed(self.callbacks(), update, context):
            return
        actor = update_actor(update)
        if actor is None or actor.chat_id is None or not self._hinted.allow(actor.user_id):
            return
        _ = await self._engine.localizer(actor)
        hint = how_to_answer(_) if await self._engine.question_waiting(actor) else next_steps(_)
        await self._chat.html(actor.chat_id, [esc(hint)])

    async def typed_in_group(self, update: Update, context: Context) -> None:
        """A command typed with a full-width slash runs in a group only if it names this bot: else it is chatter."""
        await run_typed(self.callbacks(), update, context, context.bot.username)

    def closing_left_open(self, target: Target) -> AbstractAsyncContextManager[Showing]:
        """``target`` for the engine's actions in the block, then the polls they leave asking for nothing closed:
        the old poll of a question asked again, and the poll of the quiz played until now (resuming it asks
        again); after a vote back in a left quiz, the poll of the quiz played until then (also when the reply
        failed); after a skip, the skipped question's."""
        return closing_left_open(self.close_linked_poll, target)

    async def close_linked_poll(self, link: MessageLink) -> None:
        """The poll closed, or deleted where its question is not over (a HeldLink: asked again, or held by a live
        group game), as a closed quiz poll shows its answer; a deleted one is marked withdrawn, so that resuming
        sends it nothing (a stopPoll Telegram refuses). Best effort, as closing it is: the action it follows holds
        either way."""
        if await self._chat.close_linked_poll(link) and isinstance(link, HeldLink):
            try:
                await self._engine.withdrawn(link)
            except Exception:  # the database failed: resuming sends one stopPoll that Telegram refuses
                log.exception("could not mark poll message %s withdrawn", link.message_key)

    async def tell(self, command: str, actor: Actor, chat: str, first_name: str, notice: Notice) -> None:
        """What a command did stays where it was done; a refusal or nothing to do is the member's own: in a group,
        privately if we can, and the same words once a minute (see PersonalAnswers)."""
        if not notice.is_error:
            await self.notice(chat, notice, owner_in(chat, actor, first_name))
            return
        await self._personal.tell(command, notice, actor, chat, first_name, self._chat)

    async def notice(self, chat: str, notice: Notice, owner: str | None = None) -> None:
        """``owner``: in a group, whom it answers (see owner_in); under it, a button for a quiz it suggests."""
        await self._chat.html(chat, [render.outcome_notice(notice.text, owner)], fresh_quiz_button(notice))

    async def _show_quizzes(self, actor: Actor, chat: str, notice: Notice | None = None,
                            owner: str | None = None) -> None:
        listing = await self._engine.list_quizzes(actor)
        blocks = ([render.outcome_notice(notice.text, owner)] if notice else []) + render.quiz_list(listing)
        blocks += unbuttoned(listing, self._engine.localizer_for(listing.language))
        await self._chat.html(chat, blocks, quiz_buttons(listing))
