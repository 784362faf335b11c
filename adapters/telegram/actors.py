"""Who is speaking in a Telegram update, in the engine's neutral terms."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from telegram import Chat, MaybeInaccessibleMessage, Update, User

from adapters.telegram.topics import chat_key, chat_of
from adapters.telegram.typed_commands import Callback, Context
from bot.replies import Actor
from bot.text import shown_name

PLATFORM = "telegram"
Command = Callable[[Actor, str, Update, Context], Awaitable[None]]


def player_name(user: User | None) -> str:
    """A game's name for a player. full_name, typed str, is None for a first name Telegram sends empty: the
    engine then shows "?" too."""
    return (user.full_name or "") if user else "?"


def actor_for(user: User, chat: Chat | None = None, message: MaybeInaccessibleMessage | None = None) -> Actor:
    """The engine's Actor for a Telegram user, in a chat if the event has one (poll answers don't): in the topic
    of a forum that ``message`` was posted in (adapters/telegram/topics.py). Only an event in their private chat shows
    they haven't blocked the bot: a group's, or a vote, doesn't (Actor.reaches_privately)."""
    where = chat_key(chat, message) if chat is not None else None
    # In a forum's topic, the forum is the place: its admins' language for games holds where the topic chose none.
    forum = chat_of(where) if where is not None and chat_of(where) != where else None
    return Actor(PLATFORM, str(user.id), where, user.language_code, place_id=forum,
                 reaches_privately=chat is not None and chat.type == Chat.PRIVATE)


def update_actor(update: Update) -> Actor | None:
    """The actor of a message or button update; None for updates without a person: channel posts, messages
    posted in a chat's own name (an anonymous admin's come from one placeholder user shared by every group), and
    other bots' (Telegram's bot-to-bot mode): a bot can't vote or press a button, so could play nothing started."""
    user = update.effective_user
    if user is None or user.is_bot or posted_as_chat(update):
        return None
    return actor_for(user, update.effective_chat, update.effective_message)


def posted_as_chat(update: Update) -> bool:
    """A message (or an edit of one: commands' handlers take those too) sent in a chat's name."""
    message = update.message or update.edited_message  # not a button's: that is the bot's own message
    return message is not None and message.sender_chat is not None


def command_argument(args: list[str] | None) -> str | None:
    """The text after a command (``/quiz zero`` -> ``zero``), or None when there is none."""
    text = " ".join(args or []).strip()
    return text or None


def is_private(chat_id: str | None, actor: Actor) -> bool:
    """In Telegram a private chat has the user's own id (a topic of it too); groups have other (negative) ids."""
    return chat_id is None or chat_of(chat_id) == actor.user_id


def is_group(chat: Chat | None) -> bool:
    """A group or a supergroup: not a private chat, nor a channel."""
    return chat is not None and chat.type in (Chat.GROUP, Chat.SUPERGROUP)


def owner_in(chat_id: str, actor: Actor, first_name: str | None) -> str | None:
    """Whom a reply in this chat is for, named in a group (several members may use the bot there side by side);
    None in a private chat, where replies are plain."""
    return None if is_private(chat_id, actor) else shown_name(first_name or "") or None


def with_actor(command: Command, nameless: Callback) -> Callback:
    """A PTB callback that works out who spoke and where, and ignores updates without a person or chat; a command
    posted in the chat's own name goes to ``nameless``."""
    async def callback(update: Update, context: Context) -> None:
        actor = update_actor(update)
        if actor is not None and actor.chat_id is not None:
            await command(actor, actor.chat_id, update, context)
        elif posted_as_chat(update):
            await nameless(update, context)
    return callback
