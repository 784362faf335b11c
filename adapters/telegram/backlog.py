"""Messages Telegram kept through an outage (a restart, a deploy, the network down for hours), handled when the
polling bot comes back: a learner who got no answer often typed the same thing again, and again. Each try
answered would have them hear "Carrying on with ..." and a fresh poll of the same question three times over, or
the help twice: what they asked once. A message among those kept, in the same chat (and topic) as its sender's
previous one among them, with the same words, is passed over. Anything else still counts: a /skip after /quiz,
the same words from someone else or elsewhere, and every message that came since.
"""

from __future__ import annotations

import logging
from typing import Any

from telegram import Update
from telegram.ext import ApplicationHandlerStop, CallbackContext

from adapters.telegram.update_processor import UpdateProcessor

log = logging.getLogger(__name__)

Place = tuple[int, int, int | None]  # (sender, chat, topic)


class BacklogRepeats:
    """PTB's handler for an update before all others (group -1): stops a repeat there."""

    def __init__(self) -> None:
        # Each sender's last message kept while away, by where they wrote it; forgotten once all those are through
        self._last: dict[Place, str] = {}

    async def __call__(self, update: Update, context: CallbackContext[Any, Any, Any, Any]) -> None:
        message = update.message
        sender = update.effective_sender
        if message is None or sender is None or message.text is None:
            return
        place = (sender.id, message.chat.id, message.message_thread_id if message.is_topic_message else None)
        processor = context.application.update_processor
        if not isinstance(processor, UpdateProcessor):
            return
        if not processor.was_kept(update):
            self._last.pop(place, None)  # sent since: the sender is heard again, and answered
            if not processor.catching_up():
                self._last.clear()
            return
        if self._last.get(place) == message.text:
            log.info("Telegram update %s repeats its sender's last message sent while the bot was away: answered once",
                     update.update_id)
            raise ApplicationHandlerStop
        self._last[place] = message.text
