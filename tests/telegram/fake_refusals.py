"""What the fake Bot API refuses whatever the request, as Telegram would: a message the bot deleted, a chat that
refuses every call, a forum topic closed."""

from __future__ import annotations

from typing import Any

from tests.telegram.fake_types import Failure

GONE = {"stopPoll": "stop", "deleteMessage": "delete"}  # what fails on a message the bot deleted
TEXTS = frozenset({"sendMessage", "editMessageText"})  # a Failure's methods where the bot may send no text
# getUpdates's 409s: another getUpdates waiting (one poller per bot), or a webhook set.
CONFLICT = "Conflict: terminated by other getUpdates request; make sure that only one bot instance is running"
WEBHOOK_ACTIVE = "Conflict: can't use getUpdates method while webhook is active; use deleteWebhook to delete the " \
    "webhook first"
TOPIC_CLOSED = Failure(400, "Bad Request: TOPIC_CLOSED")  # a send to a forum topic closed (only admins post there)


def refusal(method: str, params: dict[str, Any], refusing: dict[int, Failure], deleted: set[tuple[int, int]],
            closed_topics: set[tuple[int, int]]) -> Failure | None:
    """How Telegram refuses the call, as it would whatever the request: a message the bot deleted, a chat that
    refuses every call (a kick) or those its ``methods`` name, a forum topic that was closed; None if it doesn't."""
    chat = int(params["chat_id"]) if "chat_id" in params else None
    if method in GONE and (chat, int(params["message_id"])) in deleted:
        return Failure(400, f"Bad Request: message to {GONE[method]} not found")  # as Telegram's
    if chat in refusing and method in (refusing[chat].methods or {method}):
        return refusing[chat]
    topic = params.get("message_thread_id")
    return TOPIC_CLOSED if topic is not None and (chat, int(topic)) in closed_topics else None
