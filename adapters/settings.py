"""Configuration from QUIZ_* environment variables. Secrets are SecretStr, so they never print."""

from __future__ import annotations

import logging
import os
import re
from datetime import timedelta
from pathlib import Path
from typing import Annotated

from pydantic import AnyHttpUrl, Field, SecretStr, field_validator, model_validator
from pydantic_settings import BaseSettings, NoDecode, SettingsConfigDict

from content import default_content_dir
from storage.database import sqlite_url


def default_data_dir() -> Path:
    """$XDG_DATA_HOME/quiztutor, else ~/.local/share/quiztutor."""
    base = os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share"
    return Path(base) / "quiztutor"


CommaSeparated = Annotated[frozenset[str], NoDecode]
Port = Annotated[int, Field(ge=1, le=65535)]
# Telegram's rule for a webhook secret token: 1-256 of A-Z a-z 0-9 _ -.
WEBHOOK_SECRET = r"^[A-Za-z0-9_-]{1,256}$"
MIN_QUESTION_SECONDS = 10  # time to read a question and its options
MAX_QUESTION_SECONDS = 2_628_000  # Telegram's longest open_period


class Settings(BaseSettings):
    # An empty variable counts as unset: `QUIZ_DATA_DIR=` must not put the database in the current folder.
    model_config = SettingsConfigDict(env_prefix="QUIZ_", extra="ignore", env_ignore_empty=True)

    data_dir: Path = Field(default_factory=default_data_dir)
    database_url: str | None = None  # default: a SQLite file in data_dir
    content_dir: Path = Field(default_factory=default_content_dir)
    log_level: str = "INFO"

    telegram_token: SecretStr | None = None
    telegram_admins: CommaSeparated = frozenset()
    telegram_api_url: str | None = None  # PTB's base_url, e.g. http://127.0.0.1:8081/bot
    telegram_webhook_url: str | None = None
    telegram_webhook_listen: str = "0.0.0.0"
    telegram_webhook_port: Port = 8443
    telegram_webhook_secret: SecretStr | None = None

    discord_token: SecretStr | None = None
    discord_admins: CommaSeparated = frozenset()
    discord_poll_hours: int = Field(default=1, ge=1, le=768)  # Discord polls last whole hours, 1 to 768

    # Seconds to answer each question; 0: no limit. At most Telegram's longest poll (about 30 days).
    question_seconds: int = Field(default=0, ge=0, le=MAX_QUESTION_SECONDS)

    @field_validator("telegram_admins", "discord_admins", mode="before")
    @classmethod
    def _split_ids(cls, value: object) -> object:
        if isinstance(value, str):
            return frozenset(part.strip() for part in value.split(",") if part.strip())
        return value

    @field_validator("telegram_api_url", "telegram_webhook_url")
    @classmethod
    def _http_url(cls, value: str | None) -> str | None:
        if value is not None:
            AnyHttpUrl(value)  # raises with a clear message for anything but an http(s) URL with a host
        return value

    @field_validator("telegram_webhook_secret")
    @classmethod
    def _telegram_secret_rule(cls, value: SecretStr | None) -> SecretStr | None:
        # Checked without echoing the value: an empty secret would switch PTB's check off.
        if value is not None and not re.fullmatch(WEBHOOK_SECRET, value.get_secret_value()):
            raise ValueError("must be 1 to 256 characters, each A-Z, a-z, 0-9, _ or -")
        return value

    @model_validator(mode="after")
    def _webhook_needs_a_secret(self) -> Settings:
        if self.telegram_webhook_url and self.telegram_webhook_secret is None:
            # Without it, anyone who finds the URL could post updates: answers or /reload in any user's name.
            raise ValueError("QUIZ_TELEGRAM_WEBHOOK_SECRET is required with QUIZ_TELEGRAM_WEBHOOK_URL")
        return self

    @field_validator("log_level")
    @classmethod
    def _known_level(cls, value: str) -> str:
        # Checked here, so a typo is reported like any other setting instead of crashing logging's set-up.
        level = value.strip().upper()
        if level not in logging.getLevelNamesMapping():
            raise ValueError("must be DEBUG, INFO, WARNING, ERROR or CRITICAL")
        return level

    @field_validator("question_seconds")
    @classmethod
    def _long_enough(cls, value: int) -> int:
        if 0 < value < MIN_QUESTION_SECONDS:
            raise ValueError(f"must be 0 (no limit) or at least {MIN_QUESTION_SECONDS} seconds")
        return value

    @property
    def question_limit(self) -> timedelta | None:
        return timedelta(seconds=self.question_seconds) if self.question_seconds else None

    @property
    def resolved_database_url(self) -> str:
        return self.database_url or sqlite_url(self.data_dir)

    @property
    def locales_dir(self) -> Path:
        """The content's own UI translations, else the shipped ones (a custom quiz folder needn't copy them)."""
        own = self.content_dir / "locales"
        return own if own.is_dir() else default_content_dir() / "locales"
