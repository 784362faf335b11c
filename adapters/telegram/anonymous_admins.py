"""Commands an anonymous admin posts: in the group's own name, from a placeholder user Telegram shares between
every group. Only a group's admins may post as it, so whatever steers the group itself (/game stop, /game skip,
the group's /language) is theirs to do, and what the group reads as a whole (/help, /quizzes, its /leaderboard) is
theirs to ask; none needs anybody's own record, and none is kept for the placeholder. A command for a person of
their own (a quiz, a score, leaving the leaderboards) still can't be theirs."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from telegram import Update

from adapters.telegram.actors import PLATFORM, command_argument
from adapters.telegram.callback_data import Action
from adapters.telegram.chat import TelegramChat
from adapters.telegram.games import CONTROLS, VISIBILITY, GameCommands
from adapters.telegram.group_repeats import GroupRepeats
from adapters.telegram.menu import help_text
from adapters.telegram.personal import Send, language_question
from adapters.telegram.typed_commands import Context
from bot.engine import QuizEngine
from bot.replies import Actor
from bot.text import folded


class AnonymousAdmins:
    """``show_quizzes``: /quizzes' list, sent to a chat for an actor (Commands')."""

    def __init__(self, engine: QuizEngine, chat: TelegramChat, games: GameCommands, repeats: GroupRepeats,
                 show_quizzes: Callable[[Actor, str], Awaitable[None]]) -> None:
        self._engine = engine
        self._chat = chat
        self._games = games
        self._repeats = repeats
        self._show_quizzes = show_quizzes

    async def run(self, command: str, where: str, update: Update, context: Context) -> bool:
        """``command`` done as the admin of ``where`` it comes from; False if it needs a person of its own."""
        message, placeholder = update.effective_message, update.effective_user
        if message is None or message.sender_chat is None or placeholder is None:
            return False
        # Words in the group's language for games, if its admins chose one: the placeholder's are nobody's.
        actor = Actor(PLATFORM, str(placeholder.id), where, place_id=where, reaches_privately=False)
        args = list(context.args or [])
        word = folded(args[0]) if args else None
        if command == "game" and word in CONTROLS:
            # The podium names who stopped the game as the group shows the message: by the group's title.
            await self._games.control(actor, where, word, message.sender_chat.title or "?", None, moderator=True,
                                      message=message)
            return True
        if await self._group_wide(command, actor, where, args, word):
            return True
        if command != "language":
            return False
        choice = command_argument(args)
        if choice is not None:
            await self._games.group_language(actor, where, choice, as_group=True)
            return True

        async def picker() -> Send:
            _ = await self._engine.localizer(actor)  # nobody's record made for it
            return language_question(self._chat, _, Action.CHAT_LANGUAGE)
        # Pressed by a person (a press is never anonymous): whether they may set it is checked then, as ever.
        await self._games.personal.answer("language", None, actor, where, "", picker, here=True)
        return True

    async def _group_wide(self, command: str, actor: Actor, where: str, args: list[str], word: str | None) -> bool:
        """The help, the quizzes or the group's leaderboard, as any member gets them (once a minute in full)."""
        if command == "help":
            _ = await self._engine.localizer(actor)  # the group's language for games, if set: nobody's record made
            await self._repeats.answer("help", actor, where, "", lambda: self._chat.html(
                where, [help_text(_, admin=False, group=True)]), variant=False)
        elif command == "quizzes":
            await self._repeats.answer("quizzes", actor, where, "", lambda: self._show_quizzes(actor, where))
        elif command == "leaderboard" and word not in VISIBILITY:
            await self._games.leaderboard(actor, where, args)
        else:
            return False
        return True
