"""Telegram as QuizTutor sees it: its settings (QUIZ_TELEGRAM_*), its poll limits, and how to build it."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import TYPE_CHECKING, Annotated
from urllib.parse import urlsplit

from pydantic import AnyHttpUrl, Field, SecretStr, ValidationError, ValidationInfo, field_validator, model_validator
from pydantic_settings import SettingsConfigDict

from adapters.error_kinds import HANDLER_FAILED, POLLING_FAILED
from adapters.platform import ChatAdapter, PlatformSettings, PlatformSpec, SingleProcess
from adapters.telegram.proxy_env import proxy_problems, socks_supported
from bot.content.limits import PollLimits

if TYPE_CHECKING:  # annotations only: start-up (`quiztutor --help`) doesn't load the engine
    from bot.engine import QuizEngine

Port = Annotated[int, Field(ge=1, le=65535)]
# Telegram lets a bot send 30 messages a second in all, however many processes send them.
TELEGRAM_PER_SECOND = 30.0
MIN_PER_SECOND = 1.0  # a process's share below which every reply waits seconds in the queue
# Telegram's rule for a webhook secret token, 1-256 of A-Z a-z 0-9 _ -, but at least 16: anyone who guesses it can
# post updates in any learner's name. (A short one would also blank its letters in every log line, scrubbed.)
WEBHOOK_SECRET = r"^[A-Za-z0-9_-]{16,256}$"
# A bot token as @BotFather gives it: the bot's numeric id, a colon, then letters, digits, _ and -.
BOT_TOKEN = r"^[0-9]+:[A-Za-z0-9_-]+$"
# Quiz polls: a question of 300 characters, options of 100, an explanation popup of 200 with 2 line feeds at most.
EXPLANATION_LINE_FEEDS = 2
TELEGRAM_LIMITS = PollLimits(question=300, option=100, explanation=200, explanation_line_feeds=EXPLANATION_LINE_FEEDS)
SEVERAL_PROCESSES = ("only one process may take a bot's updates by long polling: stop the other one, or run "
                     "several processes in webhook mode (QUIZ_TELEGRAM_WEBHOOK_URL)")
POLLING_ALREADY = f"another process on this database is already polling Telegram for this bot; {SEVERAL_PROCESSES}"
POLLING_NOW = ("another process on this database is polling Telegram for this bot, and a webhook would take its "
               "updates away: stop it first, then start the webhook replicas")


TELEGRAM_WEBHOOK_PORTS = frozenset({443, 80, 88, 8443})  # the ports Telegram's servers post webhooks to


URL_EXAMPLES = {"api_url": "http://127.0.0.1:8081/bot", "webhook_url": "https://quiz.example.org/telegram"}


class TelegramSettings(PlatformSettings):
    # An empty variable counts as unset, like every QUIZ_* variable.
    model_config = SettingsConfigDict(env_prefix="QUIZ_TELEGRAM_", extra="ignore", env_ignore_empty=True)
    token_shape = BOT_TOKEN
    token_hint = "@BotFather's look like 123456789:AAE... (digits, a colon, then letters, digits, _ and -)"
    unspaced = frozenset({"api_url", "webhook_url", "webhook_listen"})

    api_url: str | None = None  # PTB's base_url, e.g. http://127.0.0.1:8081/bot
    webhook_url: str | None = None
    webhook_listen: str = "0.0.0.0"
    webhook_port: Port = 8443
    webhook_secret: SecretStr | None = None
    # This process's share of the bot's 30 messages a second: with N webhook replicas, 30 / N each, or together
    # they go over it and Telegram answers with 429s (waited out, but every learner then waits too).
    messages_per_second: float = TELEGRAM_PER_SECOND

    @field_validator("api_url", "webhook_url")
    @classmethod
    def _http_url(cls, value: str | None, info: ValidationInfo) -> str | None:
        if value is not None:
            try:
                AnyHttpUrl(value)  # anything but an http(s) URL with a host
            except ValidationError as error:  # pydantic's words say what is wrong, not what to write
                reason = error.errors()[0]["msg"].removeprefix("Input should be a valid URL, ")
                example = URL_EXAMPLES[info.field_name or ""]
                raise ValueError(f"is not an http:// or https:// URL ({reason}): write it whole, such as "
                                 f"{example}") from None
        return value

    @field_validator("api_url")
    @classmethod
    def _bot_api_base(cls, value: str | None) -> str | None:
        # PTB appends the token to it as it is: without the /bot path, http://127.0.0.1:8081 + token puts the
        # token in the port.
        if value is not None:
            address = urlsplit(value)
            if not address.path.endswith("/bot") or address.query or address.fragment:
                raise ValueError("must end in /bot, as a Bot API server's address does (such as "
                                 "http://127.0.0.1:8081/bot): the token is appended to it")
        return value

    @field_validator("messages_per_second")
    @classmethod
    def _a_pace_that_works(cls, value: float) -> float:
        # Below one a second the bot crawls (1e-300 was taken: it never sent again); nan and inf got pydantic's
        # "less than or equal to 30", which says nothing of what to write.
        if not (MIN_PER_SECOND <= value <= TELEGRAM_PER_SECOND):  # nan compares false: refused too
            raise ValueError(f"must be a number of messages a second from {MIN_PER_SECOND:g} to "
                             f"{TELEGRAM_PER_SECOND:g}: this process's share of Telegram's 30 (30 / N with N "
                             "webhook replicas)")
        return value

    @field_validator("webhook_secret")
    @classmethod
    def _telegram_secret_rule(cls, value: SecretStr | None) -> SecretStr | None:
        # Checked without echoing the value: an empty secret would switch PTB's check off.
        if value is not None and not re.fullmatch(WEBHOOK_SECRET, value.get_secret_value()):
            raise ValueError("must be 16 to 256 characters, each A-Z, a-z, 0-9, _ or - (a short one can be guessed: "
                             "make one with openssl rand -hex 32)")
        return value

    @model_validator(mode="after")
    def _webhook_needs_a_secret(self) -> TelegramSettings:
        if self.webhook_url and self.webhook_secret is None:
            # Without it, anyone who finds the URL could post updates: answers or /reload in any user's name.
            raise ValueError("QUIZ_TELEGRAM_WEBHOOK_SECRET is required with QUIZ_TELEGRAM_WEBHOOK_URL")
        return self

    @model_validator(mode="after")
    def _webhook_telegram_posts_to(self) -> TelegramSettings:
        """Telegram's servers post only to HTTPS on these ports; a local Bot API server (api_url) to anything."""
        if self.webhook_url and self.api_url is None:
            address = urlsplit(self.webhook_url)
            if address.scheme != "https" or (address.port or 443) not in TELEGRAM_WEBHOOK_PORTS:
                raise ValueError("QUIZ_TELEGRAM_WEBHOOK_URL must be https:// on port 443, 80, 88 or 8443: Telegram "
                                 "posts nowhere else")
        return self

    def secrets(self) -> list[str]:
        secret = [self.webhook_secret.get_secret_value()] if self.webhook_secret else []
        return super().secrets() + secret

    def environment_problems(self, environ: Mapping[str, str]) -> list[tuple[str, str]]:
        """A proxy Telegram's HTTP client can't go through (socks5:// without SOCKS support), if Telegram is
        configured."""
        return proxy_problems(environ, socks=socks_supported()) if self.enabled else []

    def listeners(self) -> list[tuple[str, str, int]]:
        """The webhook's port, in webhook mode."""
        if self.token is None or not self.webhook_url:
            return []
        return [("QUIZ_TELEGRAM_WEBHOOK_PORT", self.webhook_listen, self.webhook_port)]

    def counted_errors(self, kinds: tuple[str, ...]) -> tuple[str, ...]:
        """A webhook process runs no getUpdates: no polling failure to count."""
        return tuple(kind for kind in kinds if kind != POLLING_FAILED) if self.webhook_url else kinds

    def single_process(self) -> SingleProcess | None:
        """Long polling: Telegram gives a bot's updates to one getUpdates at a time. Webhook replicas share
        everything through the database, so any number may run; but none beside a poller, whose getUpdates
        Telegram refuses (409) once a webhook is set: the poller stopped, its updates taken."""
        if self.token is None:
            return None
        # The bot's id (the token's part before the colon) tells bots apart without putting a secret anywhere.
        polling = f"telegram-polling-{self.token.get_secret_value().partition(':')[0]}"
        if self.webhook_url:
            return SingleProcess({}, excluded_by={polling: POLLING_NOW})
        return SingleProcess({polling: POLLING_ALREADY})


def build(engine: QuizEngine, settings: PlatformSettings) -> ChatAdapter:
    from adapters.telegram.adapter import TelegramAdapter  # python-telegram-bot is imported only now

    if not isinstance(settings, TelegramSettings):
        raise TypeError("the Telegram adapter needs TelegramSettings")
    return TelegramAdapter(engine, settings)


SPEC = PlatformSpec(name="telegram", title="Telegram", settings=TelegramSettings, poll_limits=TELEGRAM_LIMITS,
                    build=build, extra="telegram", library="telegram", token_help="a bot token from @BotFather",
                    error_kinds=(HANDLER_FAILED, POLLING_FAILED))
