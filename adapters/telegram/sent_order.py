"""Which of two messages in a Telegram chat was sent first: message ids grow within a chat."""

from __future__ import annotations

from collections.abc import Callable

from telegram import Message

from bot.records import OpenQuestion


def sent_before(chat: str, message: Message | None) -> Callable[[OpenQuestion], bool] | None:
    """Whether ``message`` (a command) came before a question's message in the same chat (never, for one elsewhere
    or whose id wasn't kept): a /skip Telegram delivers again after its question moved on (no 200 came back in
    time), or typed twice before the next question appeared, skips nothing more."""
    if message is None:
        return None

    def before(question: OpenQuestion) -> bool:
        link = question.asked  # None: no message asks it (a Telegram question is always asked on one)
        asked = link.message_id if link is not None else None
        return link is not None and link.chat_id == chat and asked is not None and asked.isdigit() \
            and message.message_id < int(asked)
    return before
