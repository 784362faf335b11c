"""Building the PTB Application: another Bot API server if configured, flood control and network retries."""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Callable, Coroutine
from contextlib import AbstractContextManager
from datetime import datetime
from typing import Any

import httpx
from telegram import Update
from telegram.error import BadRequest, NetworkError, RetryAfter, TelegramError
from telegram.ext import AIORateLimiter, Application, ApplicationBuilder, Job

from adapters.telegram.actors import PLATFORM
from adapters.telegram.answers import POOL_SIZE, BotApiRequest, MaybeCarriedOut, NotTheBotApi
from adapters.telegram.fetched import RecordingBot
from adapters.telegram.game_first import GAME_RESERVE, GameFirst
from adapters.telegram.polling_request import PollingRequest
from adapters.telegram.spec import TELEGRAM_PER_SECOND, TelegramSettings
from adapters.telegram.update_processor import UpdateProcessor
from bot.metrics import Metrics, NullMetrics
from storage.errors import chain

log = logging.getLogger(__name__)
JSON = bool | dict[str, Any] | list[dict[str, Any]]
CONCURRENT_UPDATES = 32  # one slow chat (say, waiting out a 429) must not hold up everyone else
GROUP_PER_MINUTE = 20  # Telegram's limit in one group (PTB's AIORateLimiter default)
FLOOD_RETRIES = 3  # a request answered 429 is sent again after each retry_after, this many times at most
NETWORK_RETRIES = 3  # and one that failed on the way, after 0.5, 1 and 2 s (``backoff`` doubled)
# Calls that read, sending nothing to the group: PTB's limiter counts every call naming a group against its 20
# messages a minute, so a member's admin check, or a time-out's name look-up, would wait for the quizzes' budget
# and take a message's place in it.
GROUP_READS = frozenset({"getChatMember", "getChatAdministrators", "getChat", "getChatMemberCount"})
# Calls that leave things as they were asked to be however often they are made: sent again after a failure whose
# request may have been carried out (no answer in time, a connection cut mid-way, Telegram's 5xx) they change
# nothing more. Any other (a poll, a message) would be sent twice.
SAME_AGAIN = frozenset({"setWebhook", "deleteWebhook", "setMyCommands", "deleteMyCommands"})
# httpx's failures before a request was written: nothing of it reached Telegram (PTB wraps them as NetworkError,
# or TimedOut for the time-outs, its pool's saying "Request was *not* sent").
NEVER_SENT = (httpx.ConnectError, httpx.ConnectTimeout, httpx.PoolTimeout)


class RetryingRateLimiter(AIORateLimiter):
    """AIORateLimiter (throttles, and waits out 429 ``retry_after``) that also retries network failures."""

    def __init__(self, *, backoff: float = 0.5, per_second: float = TELEGRAM_PER_SECOND,
                 group_per_minute: int = GROUP_PER_MINUTE, metrics: Metrics | None = None) -> None:
        # Overall: one message every 1/per_second s, a steady queue rather than a bucket of 30 (which lets 59
        # through in some second: the first 30 at once, then 29 more as it refills).
        super().__init__(overall_max_rate=1, overall_time_period=1 / per_second,
                         group_max_rate=group_per_minute, group_time_period=60, max_retries=FLOOD_RETRIES)
        self._backoff = backoff
        self._metrics = metrics or NullMetrics()
        self._queued = 0  # requests waiting for their turn or under way: the outbound queue
        # A game's messages ahead, with at most a fifth of a group's minute kept for them (none in a tiny budget).
        self._game_first = GameFirst(min(GAME_RESERVE, group_per_minute // 5)) if group_per_minute else None

    async def process_request(self, callback: Callable[..., Coroutine[Any, Any, JSON]], args: Any,
                              kwargs: dict[str, Any], endpoint: str, data: dict[str, Any],
                              rate_limit_args: int | None) -> JSON:
        self._queued += 1
        self._metrics.set_outbound_queue(PLATFORM, self._queued)
        if endpoint in GROUP_READS:  # AIORateLimiter reads only "chat_id" from data: the request keeps its own
            data = {name: value for name, value in data.items() if name != "chat_id"}
        try:
            group = _group(data.get("chat_id"))
            if group is None or self._game_first is None:
                return await self._with_network_retries(self._counting_429s(callback), args, kwargs, endpoint,
                                                        data, rate_limit_args)
            async with self._game_first.turn(group, self._get_group_limiter(group)):  # PTB's limiter for it
                return await self._with_network_retries(self._counting_429s(callback), args, kwargs, endpoint,
                                                        data, rate_limit_args)
        finally:
            self._queued -= 1
            self._metrics.set_outbound_queue(PLATFORM, self._queued)

    def _counting_429s(self, callback: Callable[..., Coroutine[Any, Any, JSON]]
                       ) -> Callable[..., Coroutine[Any, Any, JSON]]:
        """The request, counting each 429 before AIORateLimiter waits it out and tries again."""
        async def counted(*args: Any, **kwargs: Any) -> JSON:
            try:
                return await callback(*args, **kwargs)
            except RetryAfter:
                self._metrics.rate_limited(PLATFORM)
                raise
        return counted

    async def _with_network_retries(self, callback: Callable[..., Coroutine[Any, Any, JSON]], args: Any,
                                    kwargs: dict[str, Any], endpoint: str, data: dict[str, Any],
                                    rate_limit_args: int | None) -> JSON:
        for attempt in range(NETWORK_RETRIES + 1):
            try:
                return await super().process_request(callback, args, kwargs, endpoint, data, rate_limit_args)
            except BadRequest:
                raise  # a subclass of NetworkError, but the same request would fail the same way
            except NetworkError as error:
                if not resendable(endpoint, error):
                    raise MaybeCarriedOut(f"{endpoint} may have gone through: {in_brief(error)}") from error
                if attempt == NETWORK_RETRIES:
                    raise
                delay = self._backoff * 2**attempt
                log.warning("Telegram %s failed (%s); retrying in %.1f s", endpoint, in_brief(error), delay)
                await asyncio.sleep(delay)
        raise AssertionError("unreachable: the last attempt returns or raises")


def resendable(endpoint: str, error: NetworkError) -> bool:
    """Whether the request may be sent again after ``error``: it reads or sets a state (the same again does nothing
    more), or it never left (a connection refused or not made in time)."""
    if endpoint.startswith("get") or endpoint in SAME_AGAIN:
        return True
    return any(isinstance(cause, NEVER_SENT) for cause in chain(error))


def _group(chat_id: object) -> int | str | None:
    """The group AIORateLimiter counts a request against, as it reads ``chat_id``: a negative id or a @username."""
    if isinstance(chat_id, str):
        try:
            chat_id = int(chat_id)
        except ValueError:
            return chat_id
    return chat_id if isinstance(chat_id, int) and chat_id < 0 else None


def not_json(error: BaseException) -> bool:
    """An answer that isn't JSON (PTB raises it with the parse error as a cause), or JSON no Bot API server sends:
    not a Bot API server answered, or something in between did (a captive portal, a proxy's error page)."""
    return _what_answered(error) is not None


def _what_answered(error: BaseException) -> str | None:
    for cause in chain(error):
        if isinstance(cause, json.JSONDecodeError):
            return "not JSON"
        if isinstance(cause, NotTheBotApi):
            return str(cause)
    return None


def in_brief(error: TelegramError) -> str:
    """The error without the body of an answer that isn't JSON, which PTB quotes whole (a page of HTML)."""
    what = _what_answered(error)
    if what is None:
        return str(error)
    for cause in chain(error):  # PTB's own error, before any re-raise (initialize()'s InvalidToken)
        status, parsing, _body = str(cause).partition(". Parsing the server response")
        if parsing:
            return f"{status}, and {what}"
    return f"a success status, and {what}"  # PTB checks the status first: an error status gets the phrase above


def file_url(api_url: str) -> str:
    """The file endpoint beside a Bot API base URL: ``http://host/bot`` -> ``http://host/file/bot``."""
    root, _slash, last = api_url.rstrip("/").rpartition("/")
    return f"{root}/file/{last}"


class Unpersisted(Application):
    """PTB's Application without the marks it keeps for a persistence's next save: it marks every update's chat
    and user, and only a save empties the marks. With no persistence (the database keeps QuizTutor's records)
    nothing did, and a process kept an id for every chat and member it ever heard, for as long as it ran."""

    __slots__ = ()

    def _mark_for_persistence_update(self, *, update: object | None = None, job: Job[Any] | None = None) -> None:
        if self.persistence is not None:
            super()._mark_for_persistence_update(update=update, job=job)


def build_application(settings: TelegramSettings, token: str, metrics: Metrics | None = None, *,
                      group_per_minute: int = GROUP_PER_MINUTE, polling: PollingRequest | None = None,
                      rejected: Callable[[], None] | None = None,
                      clock: Callable[[], datetime] | None = None,
                      holding: Callable[[Update], AbstractContextManager[None] | None] | None = None) -> Application:
    """``polling``: getUpdates' HTTP client, for a caller that wants to know how polling goes; ``rejected``: told
    when a call's answer refuses the token; ``clock``: the engine's, that poll answers are timed by; ``holding``:
    what a poll answer holds until it is handled (UpdateProcessor's)."""
    metrics = metrics or NullMetrics()
    limiter = RetryingRateLimiter(per_second=settings.messages_per_second, group_per_minute=group_per_minute,
                                  metrics=metrics)
    where = {"base_url": settings.api_url, "base_file_url": file_url(settings.api_url)} if settings.api_url else {}
    bot = RecordingBot(token, request=BotApiRequest(connection_pool_size=POOL_SIZE, rejected=rejected),
                       get_updates_request=polling or PollingRequest(metrics), rate_limiter=limiter, **where)
    return (ApplicationBuilder().application_class(Unpersisted).bot(bot)
            .concurrent_updates(UpdateProcessor(CONCURRENT_UPDATES, metrics, clock=clock, holding=holding)).build())
