"""Webhook mode: Telegram posts each update here, and hears back only once the update was handled.

PTB's own webhook server answers 200 as soon as an update is queued. An update the replica then fails to handle
(its database down) or never handles (killed mid-update) was acknowledged all the same, and Telegram only
delivers again what wasn't. Here the answer waits for the handlers: 200 once they are done, 503 when an outage
stopped them, so Telegram delivers the update again, to this replica or another. A duplicate is scored at most
once (the engine's "first answer is final"), so a second delivery is safe; one this replica is still handling is
not handled again.
"""

from __future__ import annotations

import asyncio
import hmac
import json
import logging

from aiohttp import web
from telegram import Update
from telegram.ext import Application
from yarl import URL

from adapters.handlers_stop import HANDLERS_STOP_WAIT
from adapters.http_site import http_url, serve
from adapters.once_per import OncePer
from adapters.telegram.update_shape import misshapen

log = logging.getLogger(__name__)

SECRET_HEADER = "X-Telegram-Bot-Api-Secret-Token"
MAX_BODY = 1024 * 1024  # bytes: far above any update Telegram sends
# Seconds a connection may sit without a whole request before it is closed, as the health endpoint's: the server
# listens on every interface by default, and aiohttp's own hour let idle or half-sent requests (a slowloris, who
# needs no secret) pile up and take the file descriptors the bots need. Telegram connects again when it posts.
# A signed post's body must be whole within as long: aiohttp waits for a body for as long as the sender likes.
IDLE_SECONDS = 30.0
# Seconds between two warnings of posts refused for their secret: anyone who finds the URL may send them.
WRONG_SECRET_WARNING_PERIOD = 60.0


class Unfinished:
    """The updates an outage stopped, as the error handler saw them: the webhook answers those with 503. PTB
    awaits error handlers inside the update's processing, so each is taken back by the request that added it."""

    def __init__(self) -> None:
        self._ids: set[int] = set()

    def add(self, update_id: int) -> None:
        self._ids.add(update_id)

    def pop(self, update_id: int) -> bool:
        """Whether ``update_id`` is one of them (and forget it)."""
        if update_id not in self._ids:
            return False
        self._ids.discard(update_id)
        return True


class WebhookServer:
    def __init__(self, app: Application, path: str, secret: str, unfinished: Unfinished, *,
                 idle_seconds: float = IDLE_SECONDS) -> None:
        if not secret:  # an empty one would match an unsigned post
            raise ValueError("a webhook needs its secret")
        self._app = app
        # As aiohttp matches a request's path: decoded, but for an escaped "/" or "%" (yarl's path_safe).
        self._path = "/" + URL.build(path=path, encoded=True).path_safe.lstrip("/")
        self._secret = secret
        self._unfinished = unfinished
        self._idle_seconds = idle_seconds
        self._runner: web.AppRunner | None = None
        self._wrong_secret = OncePer(WRONG_SECRET_WARNING_PERIOD)
        # The updates being handled, by id, each with the status its answer will have (see _handled_once)
        self._under_way: dict[int, asyncio.Future[int]] = {}

    async def start(self, listen: str, port: int) -> None:
        server = web.Application(client_max_size=MAX_BODY)
        # Plain, not add_post's: that reads "{...}" in a path as a variable, and "/hooks/{bot}" would meet 404.
        resource = web.PlainResource(self._path)
        server.router.register_resource(resource)
        resource.add_route("POST", self._post)
        # Its cleanup cancels the updates still being handled after the stop's wait: Telegram, never answered,
        # delivers them again (aiohttp's own wait is a minute).
        self._runner = await serve(server, listen, port, host_variable="QUIZ_TELEGRAM_WEBHOOK_LISTEN",
                                   port_variable="QUIZ_TELEGRAM_WEBHOOK_PORT", shutdown_timeout=HANDLERS_STOP_WAIT,
                                   idle_seconds=self._idle_seconds)
        # Where the proxy must send the webhook URL's posts: an operator wiring it by hand needs the path too.
        log.info("Telegram webhook on %s", http_url(listen, port, self._path))

    async def stop(self) -> None:
        """Stop taking updates; those being handled finish first (Telegram delivers unanswered ones again)."""
        runner, self._runner = self._runner, None
        if runner is not None:
            await runner.cleanup()

    async def _post(self, request: web.Request) -> web.Response:
        # Without the secret anyone who finds the URL could post updates in any user's name. aiohttp keeps a
        # header's bytes that aren't UTF-8 as surrogates: encoded back as they came, they are just a wrong secret.
        given = request.headers.get(SECRET_HEADER, "").encode("utf-8", "surrogateescape")
        if not hmac.compare_digest(given, self._secret.encode()):
            # A replica whose secret is not the one Telegram was given refuses every update: said, but not for each.
            if self._wrong_secret.allow("refused"):
                log.warning("refused a post to the webhook without the right secret token (403; said at most once a "
                            "minute): if updates stop coming, check that every replica has the same "
                            "QUIZ_TELEGRAM_WEBHOOK_SECRET")
            return web.Response(status=403)
        if (request.content_length or 0) > MAX_BODY:  # said at once: aiohttp would wait for the body to exceed it
            return web.Response(status=413)
        body = await self._body_in(request)
        if body is None:  # Telegram, if it was, delivers the update again
            timed_out = web.Response(status=408)
            timed_out.force_close()  # the rest of the body is not waited for either
            return timed_out
        update = self._update_in(body)
        if update is None:
            return web.Response(status=400)
        return web.Response(status=await self._handled_once(update))

    async def _handled_once(self, update: Update) -> int:
        """The status for ``update``, handled unless it is being handled already: Telegram, tired of waiting for the
        answer (a reply waiting out a 429), delivers it again meanwhile. That delivery hears what the first will, and
        the learner gets one reply, not two (a vote run twice would ask its next question twice)."""
        first = self._under_way.get(update.update_id)
        if first is not None:
            return await asyncio.shield(first)
        status = 503  # unless handled: cut short by a stop, or failed, Telegram delivers it again
        self._under_way[update.update_id] = answered = asyncio.get_running_loop().create_future()
        try:
            # Through PTB's update processor, as polling would: the same concurrency limit, counting and timing.
            await self._app.update_processor.process_update(update, self._app.process_update(update))
            if self._unfinished.pop(update.update_id):
                log.info("update %s left for Telegram to deliver again: an outage stopped it", update.update_id)
            else:
                status = 200
            return status
        finally:
            del self._under_way[update.update_id]
            answered.set_result(status)

    async def _body_in(self, request: web.Request) -> bytes | None:
        """The request's body, once it is whole; None for one not whole within the idle bound, or whose sender
        went away meanwhile (a stalled client, or one dripping a byte now and then, held its handler for good)."""
        try:
            async with asyncio.timeout(self._idle_seconds):
                return await request.read()
        except (TimeoutError, ConnectionError):
            return None

    def _update_in(self, body: bytes) -> Update | None:
        """The body's update; None for a body that is none: no JSON (or nested too deep to read), no object
        ("[]", "1"), or fields of the wrong shape, which PTB's parsing meets with any error (AttributeError,
        OverflowError...) or else takes as they are: a field Telegram always sends missing, or of another type
        (no number for its id, a list for a chat's), which would fail a handler or PTB itself. Only a sender with
        the secret gets here: it hears 400, never a 500."""
        try:
            data = json.loads(body)
            update = Update.de_json(data, self._app.bot) if isinstance(data, dict) else None
        except Exception as error:  # one line, not a traceback: a body nested too deep would fill pages
            # Its message too, as it names the field: a Bot API server older than PTB's sends updates without one.
            log.warning("refused a webhook post with the secret but no update Telegram would send (%s)", _said(error))
            return None
        if update is None:
            return None
        if (wrong := misshapen(update)) is not None:
            log.warning("refused a webhook post with the secret but no update Telegram would send (%s)", wrong)
            return None
        return update


def _said(error: Exception, limit: int = 300) -> str:
    """The error's type and message on one line, cut at ``limit`` characters: a refused body never fills the log."""
    message = " ".join(str(error).split())
    said = f"{type(error).__name__}: {message}" if message else type(error).__name__
    return said if len(said) <= limit else said[:limit - 1] + "…"
