"""Which of two messages in a Telegram chat was sent first: message ids grow within a chat."""

from __future__ import annotations

from collections.abc import Callable

from telegram import Message

from bot.records import OpenQuestion


def sent_before(chat: str, message: Message | None) -> Callable[[OpenQuestion], bool] | None:
    """Whether ``message`` (a command) came before every message in the same chat that asked a question (never, for
    one asked elsewhere or whose id wasn't kept): a /skip Telegram delivers again after its question moved on (no
    200 came back in time), or typed twice before the next question appeared, skips nothing more; one sent as the
    question is asked again (its quiz resumed) skips it, seen on its first poll."""
    if message is None:
        return None

    def before(question: OpenQuestion) -> bool:
        # None: no message asks it (a Telegram question is always asked on one)
        asked = [int(link.message_id) for link in (question.first_asked, question.asked) if link is not None
                 and link.chat_id == chat and link.message_id is not None and link.message_id.isdigit()]
        return bool(asked) and message.message_id < min(asked)
    return before
