"""The Telegram adapter: builds the PTB Application, wires handlers to the engine, starts and stops it.

It shares the event loop with other adapters, so it never calls ``run_polling()``.
"""

from __future__ import annotations

import logging
import os
from urllib.parse import urlsplit

from telegram import Update
from telegram.error import InvalidToken
from telegram.ext import Application, CallbackQueryHandler, CommandHandler, MessageHandler, PollAnswerHandler, filters

from adapters.failures import LoginRejected
from adapters.settings import Settings
from adapters.telegram.actors import PLATFORM
from adapters.telegram.commands import Commands
from adapters.telegram.errors import ErrorReporter
from adapters.telegram.interactions import Interactions
from adapters.telegram.menu import publish_commands
from adapters.telegram.network import build_application
from adapters.telegram.sender import Sender
from bot.engine import QuizEngine
from bot.sweeper import ExpirySweeper, start_sweeper

log = logging.getLogger(__name__)

# Explicit: when left out, Telegram reuses the last setting, and poll answers could silently stop arriving.
ALLOWED_UPDATES = [Update.MESSAGE, Update.CALLBACK_QUERY, Update.POLL_ANSWER]
BOOTSTRAP_RETRIES = 3


class TelegramAdapter:
    name = "telegram"

    def __init__(self, engine: QuizEngine, settings: Settings, *, sweep_interval: float | None = None) -> None:
        """``sweep_interval``: seconds between looks for questions whose time ran out (default: from the limit)."""
        if settings.telegram_token is None:
            raise ValueError("QUIZ_TELEGRAM_TOKEN is not set")
        secret = settings.telegram_webhook_secret
        if settings.telegram_webhook_url and (secret is None or not secret.get_secret_value()):
            # Without it, anyone who finds the URL could post updates: answers or /reload in any user's name.
            raise ValueError("QUIZ_TELEGRAM_WEBHOOK_SECRET must be set when QUIZ_TELEGRAM_WEBHOOK_URL is")
        # PTB's documented opt-in to timedelta durations (its next major version's default); without it every
        # flood-control reply (429) logs a deprecation warning.
        os.environ.setdefault("PTB_TIMEDELTA", "true")
        self._engine = engine
        self._settings = settings
        self._token = settings.telegram_token.get_secret_value()
        self._sweep_interval = sweep_interval
        self._app: Application | None = None  # type: ignore[type-arg]
        self._sweeper: ExpirySweeper | None = None

    async def start(self) -> None:
        """Connect (getMe), publish the command menu, then take updates by long polling or webhook."""
        app = build_application(self._settings, self._token)
        sender = Sender(app.bot, self._engine)
        self._register(app, sender)
        try:
            await app.initialize()
        except InvalidToken:
            raise LoginRejected("Telegram", "QUIZ_TELEGRAM_TOKEN") from None  # PTB's message holds the token
        try:
            await publish_commands(app.bot, self._engine.localizer_for_language)
            await app.start()
            await self._receive(app)
        except BaseException:
            await self._shutdown(app)
            raise
        self._app = app
        # Deadlines are kept in the database: the sweeper also finds those that passed while the bot was down.
        self._sweeper = start_sweeper(self._engine, PLATFORM, sender.expired, self._sweep_interval)
        log.info("Telegram bot @%s is %s", app.bot.username,
                 "listening for webhooks" if self._settings.telegram_webhook_url else "polling")

    async def stop(self) -> None:
        """Stop taking updates, let handlers finish, close the connection: start() in reverse."""
        sweeper, self._sweeper = self._sweeper, None
        if sweeper is not None:  # first, while it can still send
            await sweeper.stop()
        app, self._app = self._app, None
        if app is not None:
            await self._shutdown(app)

    def _register(self, app: Application, sender: Sender) -> None:  # type: ignore[type-arg]
        commands = Commands(self._engine, sender)
        for name, callback in commands.callbacks().items():
            app.add_handler(CommandHandler(name, callback))
        # Registered after the commands: in a private chat, whatever they didn't take (free text, an unknown
        # command, a sticker) gets a hint. Groups get nothing, as other members' chatter isn't for us.
        app.add_handler(MessageHandler(filters.ChatType.PRIVATE & ~filters.StatusUpdate.ALL, commands.hint))
        interactions = Interactions(self._engine, sender)
        app.add_handler(PollAnswerHandler(interactions.poll_answer))
        app.add_handler(CallbackQueryHandler(interactions.button))
        app.add_error_handler(ErrorReporter(self._token, self._engine, sender))

    async def _receive(self, app: Application) -> None:  # type: ignore[type-arg]
        settings = self._settings
        assert app.updater is not None, "the default builder always makes an Updater"
        if not settings.telegram_webhook_url:
            await app.updater.start_polling(allowed_updates=ALLOWED_UPDATES, bootstrap_retries=BOOTSTRAP_RETRIES)
            return
        secret = settings.telegram_webhook_secret
        await app.updater.start_webhook(
            listen=settings.telegram_webhook_listen,
            port=settings.telegram_webhook_port,
            url_path=urlsplit(settings.telegram_webhook_url).path.lstrip("/"),
            webhook_url=settings.telegram_webhook_url,
            secret_token=secret.get_secret_value() if secret else None,
            allowed_updates=ALLOWED_UPDATES,
            bootstrap_retries=BOOTSTRAP_RETRIES,
        )

    @staticmethod
    async def _shutdown(app: Application) -> None:  # type: ignore[type-arg]
        if app.updater is not None and app.updater.running:
            await app.updater.stop()
        if app.running:
            await app.stop()
        await app.shutdown()
