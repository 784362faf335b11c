"""The Telegram adapter: builds the PTB Application, wires handlers to the engine, starts and stops it. It shares
the event loop with other adapters, so it never calls ``run_polling()``."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit

from telegram.error import BadRequest, Conflict, InvalidToken, NetworkError, TelegramError
from telegram.ext import Application

from adapters.failures import AnotherInstance, LoginRejected, PlatformUnreachable, public_address, reached_through
from adapters.handlers_stop import finish_games_left_running
from adapters.logging_setup import silenced
from adapters.proxy_env import NamedProxy, named_proxy
from adapters.settings import ConfigurationError
from adapters.telegram.catch_up import kept_updates_handled
from adapters.telegram.chat import TelegramChat
from adapters.telegram.cut_short import CutShort
from adapters.telegram.errors import REDACTED
from adapters.telegram.expiries import deliver_expired
from adapters.telegram.game_polls import GamePolls, vote_held
from adapters.telegram.game_surface import TelegramGameSurface
from adapters.telegram.menu import publish_commands
from adapters.telegram.network import GROUP_PER_MINUTE, build_application, in_brief, not_json
from adapters.telegram.polling_request import PollingRequest
from adapters.telegram.reminders import send_reminder
from adapters.telegram.spec import SEVERAL_PROCESSES, TelegramSettings
from adapters.telegram.stopping import stop_within
from adapters.telegram.update_processor import UpdateProcessor
from adapters.telegram.webhook import Unfinished, WebhookServer
from adapters.telegram.wiring import ALLOWED_UPDATES, register
from bot.engine import QuizEngine
from bot.games.delivery import GameSurface
from bot.replies import Expired, Reminder

log = logging.getLogger(__name__)

BOOTSTRAP_RETRIES = 3
BOT_API = "https://api.telegram.org"  # PTB's own, unless QUIZ_TELEGRAM_API_URL names another Bot API server
NO_PROXY = "no proxy is used for Telegram"


class TelegramAdapter:
    name = "telegram"

    def __init__(self, engine: QuizEngine, settings: TelegramSettings, *,
                 group_per_minute: int = GROUP_PER_MINUTE) -> None:
        if settings.token is None:
            raise ValueError("QUIZ_TELEGRAM_TOKEN is not set")
        secret = settings.webhook_secret
        if settings.webhook_url and (secret is None or not secret.get_secret_value()):
            # Without it, anyone who finds the URL could post updates: answers or /reload in any user's name.
            raise ValueError("QUIZ_TELEGRAM_WEBHOOK_SECRET must be set when QUIZ_TELEGRAM_WEBHOOK_URL is")
        # PTB's documented opt-in to timedelta durations (its next major version's default); without it every
        # flood-control reply (429) logs a deprecation warning.
        os.environ.setdefault("PTB_TIMEDELTA", "true")
        self._engine = engine
        self._settings = settings
        self._token = settings.token.get_secret_value()
        self._app: Application | None = None
        self._starting = False  # for /readyz: a slow or unreachable Bot API's calls may take a minute
        self._chat: TelegramChat | None = None
        self._game_polls = GamePolls()
        self._failed: asyncio.Future[Exception] | None = None
        self._proxy: NamedProxy | None = None  # the one httpx goes through to the Bot API, read at start()
        self._polling: PollingRequest | None = None  # getUpdates' client: whether the last poll failed
        self._webhook: WebhookServer | None = None
        self._kept = 0  # updates Telegram held for the bot when polling began (a restart's votes among them)
        self._catching_up: asyncio.Task[None] | None = None
        # Updates an outage stopped, for the webhook to ask Telegram for again; polling can't ask, so keeps none.
        self._unfinished = Unfinished() if settings.webhook_url else None
        self._cut_short: CutShort | None = None  # polling: where a stop keeps what it cut short, if given
        self._group_per_minute = group_per_minute  # Telegram's limit; a test may lift it to time a game's own pace
        # Two thirds of this process's messages a second (20 of Telegram's 30), leaving room for the quizzes.
        self.reminders_per_second = settings.messages_per_second * 2 / 3
        self.asks_on_linked_messages = True  # every quiz question is a poll (ChatAdapter's)

    async def start(self) -> None:
        """Connect (getMe), publish the command menu, then take updates by long polling or webhook."""
        self._starting = True
        self._failed = asyncio.get_running_loop().create_future()
        # Read as httpx reads the proxy variables, when build_application makes the bot's HTTP clients.
        self._proxy = named_proxy(self._settings.api_url or BOT_API, os.environ)
        self._polling = PollingRequest(self._engine.metrics, rejected=self._token_rejected)
        app = build_application(self._settings, self._token, self._engine.metrics,
                                group_per_minute=self._group_per_minute, polling=self._polling,
                                rejected=self._token_rejected, clock=self._engine.now,
                                holding=vote_held(self._game_polls, self._engine))
        chat = TelegramChat(app.bot, self._engine)  # follows a group that just became a supergroup
        register(app, self._engine, chat, self._game_polls, self._token, self._unfinished)
        try:
            with self._reachable():
                await app.initialize()
        except BaseException as error:
            # app.shutdown() skips an app whose initialize() failed, leaving the bot's HTTP clients (opened first)
            # and their pooled connection to the Bot API open: closed here.
            self._starting = False
            await app.bot.shutdown()
            if isinstance(error, InvalidToken):
                raise LoginRejected("Telegram", "QUIZ_TELEGRAM_TOKEN") from None  # PTB's message holds the token
            raise
        try:
            with self._reachable():
                await publish_commands(app.bot, self._engine.localizer_for)
                await app.start()
                await self._receive(app)
        except BaseException:
            await self._shutdown(app)
            raise
        self._app, self._chat, self._starting = app, chat, False
        self._catching_up = asyncio.create_task(
            kept_updates_handled(app, self._kept, webhook=bool(self._settings.webhook_url)), name="telegram-catch-up")
        log.info("Telegram bot @%s is %s", app.bot.username,
                 "listening for webhooks" if self._settings.webhook_url else "polling")

    @contextlib.contextmanager
    def _reachable(self) -> Iterator[None]:
        """A network failure at start-up, once the request layer's retries are spent, or an answer that isn't the
        Bot API's JSON, as what to check: the Bot API's address (never the token, which PTB puts in its URLs) and
        the error, in one line."""
        try:
            yield
        except TelegramError as error:
            if not_json(error):  # before InvalidToken: PTB takes any 404 for a rejected token
                raise PlatformUnreachable(self._not_the_bot_api(error)) from error
            if isinstance(error, BadRequest) or not isinstance(error, NetworkError):
                raise  # BadRequest is a NetworkError to PTB, but Telegram answered
            detail = error.message.replace(self._token, REDACTED)
            raise PlatformUnreachable(f"Telegram's Bot API at {self._where()} could not be reached at start-up "
                                      f"({detail}): check {self._checks()}") from error

    def _checks(self) -> str:
        """What to check when the Bot API is out of reach: the network, the proxy on the way if any, the setting
        pointing at another Bot API server if set."""
        setting = ["QUIZ_TELEGRAM_API_URL"] if self._settings.api_url else []
        if self._proxy is None:
            return f"{' and '.join(['the network', *setting])} ({NO_PROXY})"
        *first, last = ["the network", reached_through("Telegram", self._proxy), *setting]
        return f"{', '.join(first)}{',' if len(first) > 1 else ''} and {last}"

    def _not_the_bot_api(self, error: TelegramError) -> str:
        answer = in_brief(error).replace(self._token, REDACTED)
        proxy = reached_through("Telegram", self._proxy) if self._proxy else None
        if self._settings.api_url:
            return (f"the server at {self._where()} (QUIZ_TELEGRAM_API_URL) answered at start-up as no Bot API server "
                    f"does ({answer}): check QUIZ_TELEGRAM_API_URL (a Bot API server's address, such as "
                    "http://127.0.0.1:8081/bot)" + (f" and {proxy}" if proxy else f"; {NO_PROXY}"))
        return (f"something other than Telegram's Bot API answered for {self._where()} at start-up ({answer}): "
                + (f"a captive portal or a proxy in between; check the network and {proxy}" if proxy
                   else f"a captive portal in between; check the network ({NO_PROXY})"))

    def _where(self) -> str:
        return public_address(self._settings.api_url or BOT_API)

    def _bot_api(self) -> str:
        """The Bot API's methods' address, in PTB's base_url form (the token goes after it), without any password."""
        if self._settings.api_url is None:
            return f"{BOT_API}/bot"
        return public_address(self._settings.api_url) + urlsplit(self._settings.api_url).path

    async def failure(self) -> Exception:
        """Returns once polling met another process polling for the same bot (Telegram's 409 Conflict)."""
        if self._failed is None:
            raise RuntimeError("the Telegram adapter isn't running")
        return await asyncio.shield(self._failed)

    def _token_rejected(self) -> None:
        """A call refused as with a rejected token (revoked while the bot runs): every other call will be too, and PTB
        has stopped polling for good if it was a poll, so this process stops, as it would have at start-up with that
        token, rather than run on with nothing coming in or going out."""
        if self._failed is not None and not self._failed.done():
            self._failed.set_result(LoginRejected("Telegram", "QUIZ_TELEGRAM_TOKEN"))

    def _polling_error(self, error: TelegramError) -> None:
        """PTB's polling loop calls this for most failed getUpdates (it tries again by itself): not for a time-out,
        which PollingRequest counts as it counts the rest. Given this callback, PTB no longer hands those errors to
        the error handler, which counted them as a handler's otherwise."""
        if not isinstance(error, Conflict):
            log.error("polling Telegram for updates failed: %s; trying again", error)
            return
        # Another getUpdates for this bot (another process), or a webhook someone set: two processes would
        # keep taking updates from each other, so this one stops rather than fight. Telegram's own words tell which.
        if self._failed is not None and not self._failed.done():
            self._failed.set_result(AnotherInstance(
                f"Telegram sends this bot's updates to a webhook, set since this process began polling "
                f"({error.message}); {self._webhook_advice()}" if "webhook" in error.message.lower() else
                f"Telegram gave this bot's updates to another process ({error.message}); {SEVERAL_PROCESSES}"))

    def _webhook_advice(self) -> str:
        """What to do about a webhook that polling can't go beside, at the Bot API server in use (never the token)."""
        return ("run this process in webhook mode too (QUIZ_TELEGRAM_WEBHOOK_URL), or delete the webhook first if no "
                f"deployment uses it any more: curl {self._bot_api()}<token>/deleteWebhook, with the bot's token for "
                "<token>")

    async def send_reminder(self, reminder: Reminder) -> None:
        if self._chat is None:
            raise RuntimeError("the Telegram adapter isn't running")
        await send_reminder(self._chat, reminder)

    async def deliver_expired(self, expired: Expired) -> None:
        if self._chat is not None:
            await deliver_expired(self._engine, self._chat, expired)

    def not_ready(self) -> str | None:
        """Ready once start-up succeeded (getMe, the menu, polling or the webhook), until stopped; but not from a
        failed getUpdates (the network, the Bot API, a proxy) until one succeeds: no update comes in meanwhile."""
        if self._app is None:
            return "starting: reaching Telegram's Bot API" if self._starting else "not started"
        failing = self._polling.failing if self._polling is not None and not self._settings.webhook_url else None
        return None if failing is None else f"polling for updates failed: {failing}"

    def game_surface(self, chat_id: str) -> GameSurface:
        if self._chat is None:
            raise RuntimeError("the Telegram adapter isn't running")
        return TelegramGameSurface(self._chat, chat_id, self._game_polls)

    async def caught_up(self) -> None:
        """Returns once the updates Telegram kept while no process took them are handled (catch_up.py)."""
        if self._catching_up is not None:
            await asyncio.shield(self._catching_up)

    def keep_cut_short_in(self, folder: Path) -> None:
        if not self._settings.webhook_url:  # a webhook's are delivered again by Telegram
            self._cut_short = CutShort(folder, self._engine.now)

    async def stop(self) -> None:
        """Stop taking updates, let handlers finish, close the connection: start() in reverse."""
        self._chat = None
        if self._catching_up is not None:
            self._catching_up.cancel()
        app, self._app = self._app, None
        if app is None:
            return
        if self._failed is not None and self._failed.done():
            # PTB's last getUpdates (confirming what was read) meets the same conflict: said once already.
            with silenced(logging.getLogger("telegram.ext.Updater")):
                await self._shutdown(app)
        else:
            await self._shutdown(app)
        if self._cut_short is not None:
            self._cut_short.keep(app)

    async def _receive(self, app: Application) -> None:
        settings = self._settings
        if not settings.webhook_url:
            if app.updater is None:
                raise RuntimeError("PTB's default builder always makes an Updater")
            info = await app.bot.get_webhook_info()
            webhook, self._kept = info.url, info.pending_update_count
            if webhook:  # polling would delete it, silently taking every update away from the webhook's replicas
                raise AnotherInstance(
                    f"Telegram sends this bot's updates to a webhook at {urlsplit(webhook).netloc}, which polling "
                    f"would remove; {self._webhook_advice()}")
            if self._cut_short is not None:  # cast before Telegram's kept ones: the sweeps wait for them too
                self._kept += self._cut_short.handle_again(app)
            if isinstance(processor := app.update_processor, UpdateProcessor):  # queued, none taken yet
                processor.kept_while_away(self._kept)
            await app.updater.start_polling(allowed_updates=ALLOWED_UPDATES, bootstrap_retries=BOOTSTRAP_RETRIES,
                                            error_callback=self._polling_error)
            return
        if settings.webhook_secret is None or self._unfinished is None:
            raise RuntimeError("__init__ sets webhook mode up, with its secret")
        secret = settings.webhook_secret.get_secret_value()
        # Our own server, not PTB's: it answers Telegram only once an update was handled (webhook.py).
        webhook = WebhookServer(app, urlsplit(settings.webhook_url).path, secret, self._unfinished)
        await webhook.start(settings.webhook_listen, settings.webhook_port)
        self._webhook = webhook
        # Set once listening: Telegram may post at once. Network failures are retried by the request layer.
        try:
            await app.bot.set_webhook(settings.webhook_url, secret_token=secret, allowed_updates=ALLOWED_UPDATES)
        except BadRequest as error:  # an address Telegram won't post to (not HTTPS, a port it doesn't allow...)
            raise ConfigurationError([("QUIZ_TELEGRAM_WEBHOOK_URL", f"Telegram refused it: {error.message}")]) \
                from None

    async def _shutdown(self, app: Application) -> None:
        self._starting = False  # a start that failed, or a stop
        async def stop_taking_updates() -> None:  # each step waits for the updates under way: bounded
            webhook, self._webhook = self._webhook, None
            if webhook is not None:
                await webhook.stop()
            if app.updater is not None and app.updater.running:
                try:
                    await app.updater.stop()
                except InvalidToken:  # what ended its polling loop: said as this adapter's failure already
                    if not (self._failed is not None and self._failed.done()):
                        raise
            if app.running:
                await app.stop()
        stopped = await stop_within(app, stop_taking_updates)
        await finish_games_left_running(self._engine, self.name)  # while their requests can still go out
        # PTB refuses to shut a running Application down: then at least its connections to Telegram are closed.
        await (app.shutdown() if stopped or not app.running else app.bot.shutdown())

