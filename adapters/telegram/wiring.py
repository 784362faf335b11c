"""Which updates the Telegram adapter asks for, and the handlers that take them to the engine."""

from __future__ import annotations

import logging

from telegram import Update
from telegram.ext import (
    Application,
    CallbackQueryHandler,
    ChatMemberHandler,
    CommandHandler,
    MessageHandler,
    PollAnswerHandler,
    TypeHandler,
    filters,
)

from adapters.telegram.actors import PLATFORM
from adapters.telegram.backlog import BacklogRepeats
from adapters.telegram.chat import TelegramChat
from adapters.telegram.commands import Commands
from adapters.telegram.errors import ErrorReporter
from adapters.telegram.game_polls import GamePolls
from adapters.telegram.games import GameCommands
from adapters.telegram.group_repeats import GroupRepeats
from adapters.telegram.interactions import Interactions
from adapters.telegram.membership import BotMembership
from adapters.telegram.webhook import Unfinished
from bot.engine import QuizEngine

log = logging.getLogger(__name__)

# Explicit: when left out, Telegram reuses the last setting, and poll answers could silently stop arriving.
# MY_CHAT_MEMBER: the bot's own removal from a group ends its games there at once; added, it greets it.
ALLOWED_UPDATES = [Update.MESSAGE, Update.CALLBACK_QUERY, Update.POLL_ANSWER, Update.MY_CHAT_MEMBER]


def register(app: Application, engine: QuizEngine, chat: TelegramChat, game_polls: GamePolls, token: str,
             unfinished: Unfinished | None) -> None:
    # First of all: a message repeated while the bot was away is answered once
    app.add_handler(TypeHandler(Update, BacklogRepeats()), group=-1)
    repeats = GroupRepeats(engine, chat)  # the lists and the help in a group: once a minute
    games = GameCommands(engine, chat, game_polls, repeats)
    commands = Commands(engine, chat, games, repeats)
    for name, callback in commands.callbacks().items():
        app.add_handler(CommandHandler(name, callback))
    # After the commands: in a private chat, what they didn't take gets a hint; a group's chatter isn't for us.
    app.add_handler(MessageHandler(filters.ChatType.PRIVATE & ~filters.StatusUpdate.ALL, commands.hint))
    # Except a command typed with a full-width slash (plain text to Telegram) that names this bot.
    app.add_handler(MessageHandler(filters.ChatType.GROUPS & filters.TEXT & ~filters.COMMAND,
                                   commands.typed_in_group))

    async def migrated(update: Update, _context: object) -> None:
        await _migrated(engine, update)
    app.add_handler(MessageHandler(filters.StatusUpdate.MIGRATE, migrated))
    app.add_handler(MessageHandler(filters.StatusUpdate.LEFT_CHAT_MEMBER, games.member_left))
    interactions = Interactions(engine, chat, commands)
    app.add_handler(PollAnswerHandler(interactions.poll_answer))
    app.add_handler(CallbackQueryHandler(interactions.button))
    app.add_handler(ChatMemberHandler(BotMembership(engine, chat).changed, ChatMemberHandler.MY_CHAT_MEMBER))
    app.add_error_handler(ErrorReporter(token, engine, chat, unfinished, game_polls))


async def _migrated(engine: QuizEngine, update: Update) -> None:
    """A group became a supergroup, under a new id: what was kept for it follows (said in both chats)."""
    message = update.effective_message
    if message is None:
        return
    if message.migrate_to_chat_id is not None:
        old, new = message.chat.id, message.migrate_to_chat_id
    elif message.migrate_from_chat_id is not None:
        old, new = message.migrate_from_chat_id, message.chat.id
    else:
        return
    log.info("Telegram group %s became supergroup %s: what was kept for it follows", old, new)
    await engine.move_chat(PLATFORM, str(old), str(new))
    # Telegram also says the bot joined the supergroup: the group knows the bot, so that is no add to greet.
    await engine.games.greet_once(PLATFORM, str(new))
