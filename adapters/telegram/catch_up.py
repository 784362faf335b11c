"""Updates Telegram kept while no process took them (a restart, a deploy): votes among them were cast while their
polls were open, since Telegram closes a timed poll itself (open_period). The deadline sweeps wait for them at
start-up, else a sweep would time a question out before its vote, waiting in the queue, is handled."""

from __future__ import annotations

import asyncio
import logging

from telegram.error import TelegramError
from telegram.ext import Application

from adapters.telegram.update_processor import UpdateProcessor

log = logging.getLogger(__name__)

CATCH_UP_WAIT = 30.0  # seconds the sweeps wait at most: a database outage must not hold them up for good
WEBHOOK_LOOK_EVERY = 0.5  # seconds between looks at how many updates Telegram still holds for the webhook


async def kept_updates_handled(app: Application, kept: int, *, webhook: bool, wait: float = CATCH_UP_WAIT) -> None:
    """Returns once the ``kept`` updates Telegram held for the bot when polling began are handled; with a webhook,
    once Telegram holds none (answered only once handled, webhook.py, by whichever replica got them); or after
    ``wait`` seconds, or a failure to ask (logged: the sweeps go on as before)."""
    try:
        async with asyncio.timeout(wait):
            while webhook:
                if not (await app.bot.get_webhook_info()).pending_update_count:
                    return
                await asyncio.sleep(WEBHOOK_LOOK_EVERY)
            if isinstance(processor := app.update_processor, UpdateProcessor):
                await processor.finish(kept)  # Telegram sends them first, in order
    except TimeoutError:
        log.warning("the updates Telegram kept while the bot was away were not all handled within %.0f s; "
                    "questions whose time ran out meanwhile are timed out now", wait)
    except TelegramError as error:
        log.warning("could not ask Telegram which updates it still holds (%s); questions whose time ran out "
                    "are timed out now", error)
