"""The bot PTB talks through, answering each button press at most once."""

from __future__ import annotations

import logging
from typing import Any

from telegram.error import BadRequest
from telegram.ext import ExtBot

from adapters.once_per import OncePer

log = logging.getLogger(__name__)


class OnceAnsweringBot(ExtBot[Any]):
    """An ExtBot that answers a callback query once: Telegram refuses a second answer ("query is too old"), so one
    given, or only tried (it may have arrived all the same), is not sent again but taken as done; except an answer
    Telegram refused for what it said (a URL it won't open): another may follow, as games.py's Explain does.
    Whoever answers, a handler, the update processor's early answer or the error handler's apology, need not know
    who did first. Only the most recent presses are remembered (OncePer's bound): Telegram takes answers for
    seconds only."""

    __slots__ = ("_answered",)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        with self._unfrozen():  # PTB freezes its objects once built
            self._answered = OncePer(None)

    async def answer_callback_query(self, callback_query_id: str, *args: Any, **kwargs: Any) -> bool:
        if not self._answered.allow(callback_query_id):
            log.debug("button press %s is answered already", callback_query_id)
            return True
        try:
            return await super().answer_callback_query(callback_query_id, *args, **kwargs)
        except BadRequest as error:
            if "query" not in error.message.lower():  # refused for what it said (a URL, a text), not as too old:
                self._answered.forget(callback_query_id)  # still unanswered, so another answer may follow
            raise
