"""What an update is and who sent it, as the update processor, the error handler and the metrics name them."""

from __future__ import annotations

from telegram import Update, User


def update_kind(update: object) -> str:
    """A few stable label values: "command", "message", "button", "poll_answer" or "other"."""
    if not isinstance(update, Update):
        return "other"
    if update.poll_answer is not None:
        return "poll_answer"
    if update.callback_query is not None:
        return "button"
    if update.message is not None:
        return "command" if (update.message.text or "").startswith("/") else "message"
    return "other"


def sender_of(update: object) -> tuple[str, int] | None:
    """Who sent ``update``: a person (a voter, a presser, a writer), or a chat posting in its own name (an
    anonymous group admin, a channel), told apart; None when nobody did."""
    sender = update.effective_sender if isinstance(update, Update) else None
    if sender is None:
        return None
    return ("user" if isinstance(sender, User) else "chat", sender.id)
