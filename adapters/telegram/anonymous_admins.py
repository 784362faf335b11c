"""Commands an anonymous admin posts: in the group's own name, from a placeholder user Telegram shares between
every group. Only a group's admins may post as it, so whatever steers the group itself (/game stop, /game skip,
the group's /language) is theirs to do; it needs nobody's own record, and none is kept for the placeholder. A
command for a person of their own (a quiz, a score) still can't be theirs."""

from __future__ import annotations

from telegram import Update

from adapters.telegram.actors import PLATFORM, command_argument
from adapters.telegram.callback_data import Action
from adapters.telegram.chat import TelegramChat
from adapters.telegram.games import CONTROLS, GameCommands
from adapters.telegram.personal import Send, language_question
from adapters.telegram.typed_commands import Context
from bot.engine import QuizEngine
from bot.replies import Actor
from bot.text import folded


class AnonymousAdmins:
    def __init__(self, engine: QuizEngine, chat: TelegramChat, games: GameCommands) -> None:
        self._engine = engine
        self._chat = chat
        self._games = games

    async def run(self, command: str, where: str, update: Update, context: Context) -> bool:
        """``command`` done as the admin of ``where`` it comes from; False if it needs a person of its own."""
        message, placeholder = update.effective_message, update.effective_user
        if message is None or message.sender_chat is None or placeholder is None:
            return False
        # Words in the group's language for games, if its admins chose one: the placeholder's are nobody's.
        actor = Actor(PLATFORM, str(placeholder.id), where, place_id=where)
        args = list(context.args or [])
        word = folded(args[0]) if args else None
        if command == "game" and word in CONTROLS:
            # The podium names who stopped the game as the group shows the message: by the group's title.
            await self._games.control(actor, where, word, message.sender_chat.title or "?", None, moderator=True,
                                      message=message)
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
