"""A forum's topics as chats of their own.

In a supergroup with topics, a message sent with only the group's id lands in its General topic, far from the
/quiz or /game typed in another. So a message in a topic is said to come from the chat ``"<group id>/<topic
id>"``: the engine keeps it as it keeps any chat's id (each topic has its own games, language and quizzes), and
whatever the bot sends there goes to that topic. Calls that name a message need only the group's id: a message's
id is unique in its whole chat.
"""

from __future__ import annotations

from typing import NamedTuple

from telegram import Chat, MaybeInaccessibleMessage, Message

SEPARATOR = "/"


def chat_key(chat: Chat, message: MaybeInaccessibleMessage | None = None) -> str:
    """The engine's id for where ``message`` was posted: its topic's, if it is in one. Telegram also gives a
    thread id to replies in groups without topics, so only a message marked as a topic's counts."""
    if isinstance(message, Message) and message.is_topic_message and message.message_thread_id is not None:
        return f"{chat.id}{SEPARATOR}{message.message_thread_id}"
    return str(chat.id)


def chat_of(key: str) -> str:
    """The Telegram chat of a chat key: what calls naming a message (or a member) take."""
    return key.partition(SEPARATOR)[0]


class Place(NamedTuple):
    """Where a message is sent: a Telegram chat, and the topic in it (None: the chat's main one)."""

    chat: str
    topic: int | None


def place(key: str) -> Place:
    """Where to send to a chat key."""
    chat, _, topic = key.partition(SEPARATOR)
    return Place(chat, int(topic) if topic.isdigit() else None)
