"""One failed update is logged and forgotten; the bot keeps serving everyone else."""

from __future__ import annotations

import logging
import traceback

from telegram import Update
from telegram.ext import ContextTypes

log = logging.getLogger(__name__)
REDACTED = "[redacted]"


class ErrorReporter:
    """PTB error handler that logs which update failed and why, with the bot token scrubbed out."""

    def __init__(self, token: str) -> None:
        self._token = token

    async def __call__(self, update: object, context: ContextTypes.DEFAULT_TYPE) -> None:
        error = context.error
        kind = "unknown"
        update_id: int | None = None
        if isinstance(update, Update):
            update_id = update.update_id
            kind = next((name for name in ("message", "callback_query", "poll_answer") if getattr(update, name)),
                        "other")
        details = "".join(traceback.format_exception(error)) if error is not None else "no exception"
        # User texts stay out of the log; the token must never get in, even through an exception message.
        log.error("Telegram update %s (%s) failed: %s", update_id, kind, self.scrub(details))

    def scrub(self, text: str) -> str:
        return text.replace(self._token, REDACTED) if self._token else text
