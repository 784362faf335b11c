"""getUpdates' own HTTP client (PTB keeps one apart for long polling), telling whether polling reaches the Bot API.

PTB's polling loop retries a failed getUpdates for ever and says nothing when one succeeds again; its error
callback doesn't even hear of a time-out (a network that drops packets). Seen from the request itself, every
failed poll is counted and /readyz knows whether updates can come in right now.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from http import HTTPStatus
from typing import Any

from telegram.request import BaseRequest, RequestData

from adapters.error_kinds import POLLING_FAILED
from adapters.telegram.actors import PLATFORM
from adapters.telegram.answers import BotApiRequest
from bot.metrics import Metrics

log = logging.getLogger(__name__)


class PollingRequest(BotApiRequest):
    # What PTB takes for a rejected token (InvalidToken: 401, or 404 for a malformed one), at which its polling loop
    # gives up for good: no update comes in any more, however long the process runs.
    REJECTING = frozenset({HTTPStatus.UNAUTHORIZED, HTTPStatus.NOT_FOUND})

    def __init__(self, metrics: Metrics, rejected: Callable[[], None] | None = None) -> None:
        """``rejected``: told when a poll is answered as with a rejected token (a token revoked while running)."""
        super().__init__(rejected=rejected)
        self._metrics = metrics
        self.failing: str | None = None  # why the last poll failed, until one is answered: the error's class only
        self._failed_in_a_row = 0

    async def do_request(self, url: str, method: str, request_data: RequestData | None = None,
                         read_timeout: Any = BaseRequest.DEFAULT_NONE, write_timeout: Any = BaseRequest.DEFAULT_NONE,
                         connect_timeout: Any = BaseRequest.DEFAULT_NONE,
                         pool_timeout: Any = BaseRequest.DEFAULT_NONE) -> tuple[int, bytes]:
        try:
            status, payload = await super().do_request(url, method, request_data, read_timeout, write_timeout,
                                                       connect_timeout, pool_timeout)
        except Exception as error:  # not a cancellation: that is PTB stopping the poll, nothing failed
            self._failed(type(error).__name__)  # the class, never the message: PTB's may hold the token's URL
            raise
        # PTB raises for it once this returns (409 Conflict too: the adapter's error callback stops the process).
        if HTTPStatus.OK <= status <= 299:
            # Answered, not merely sent: on a network that drops replies, a poll sent and failed at its time-out
            # made /readyz say ready for each long poll's wait. So after an outage, ready once a poll returns
            # (at once with updates waiting, else after the long poll's 10 s).
            self.failing = None
            if self._failed_in_a_row:
                # Each failure was an ERROR (the adapter's polling callback); without this, the log's last word
                # after an outage was one, however long polling had worked again.
                log.info("polling Telegram for updates again, after %d failed poll%s", self._failed_in_a_row,
                         "" if self._failed_in_a_row == 1 else "s")
                self._failed_in_a_row = 0
        else:
            if status == HTTPStatus.TOO_MANY_REQUESTS:  # PTB's rate limiter never sees getUpdates' 429s
                self._metrics.rate_limited(PLATFORM)
            self._failed(f"HTTP {status}")
        return status, payload

    def _failed(self, why: str) -> None:
        self.failing = why
        self._failed_in_a_row += 1
        self._metrics.error(PLATFORM, POLLING_FAILED)
