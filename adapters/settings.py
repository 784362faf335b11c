"""Configuration from QUIZ_* environment variables. Secrets are SecretStr, so they never print.

The core's settings live here; each chat platform's (QUIZ_TELEGRAM_*, QUIZ_DISCORD_*...) live in its spec,
and ``load_settings`` reads them all, reporting every bad variable by name.
"""

from __future__ import annotations

import logging
import os
import re
from collections.abc import Sequence
from datetime import timedelta
from pathlib import Path
from typing import Annotated, TypeVar

from pydantic import Field, SerializeAsAny, ValidationError, ValidationInfo, field_validator
from pydantic_settings import BaseSettings, NoDecode, SettingsConfigDict

from adapters.env_values import as_written, within_file_system_limits
from adapters.platform import PlatformSettings, PlatformSpec
from bot.content.file_reading import nothing_at
from content import default_content_dir
from storage.pool_size import DEFAULT_POOL_SIZE

Model = TypeVar("Model", bound=BaseSettings)


def default_data_dir() -> Path:
    """$XDG_DATA_HOME/quiztutor, else ~/.local/share/quiztutor; left with its ~ when this user has no home folder
    (no HOME, no entry in the password database), for the setting's check to refuse by name: Path.home() raised a
    RuntimeError, a traceback from every command. A relative XDG_DATA_HOME is ignored, as the XDG spec says: taken,
    each command's database was under the folder it started in."""
    xdg = os.environ.get("XDG_DATA_HOME")
    default = Path(xdg if xdg and os.path.isabs(xdg) else Path("~") / ".local" / "share") / "quiztutor"
    try:
        return default.expanduser()
    except RuntimeError:
        return default


MIN_QUESTION_SECONDS = 10  # time to read a question and its options
MAX_QUESTION_SECONDS = 2_628_000  # Telegram's longest open_period
# Connections one process may keep to PostgreSQL: far past what one process's CPU can keep busy (README: about
# 2,300-5,500 answers a second), and ten times the server's default max_connections.
MAX_POOL_SIZE = 1000


PATHS_AND_URLS = frozenset({"data_dir", "content_dir", "database_url", "http_host"})


class Settings(BaseSettings):
    # An empty variable counts as unset: `QUIZ_DATA_DIR=` must not put the database in the current folder.
    model_config = SettingsConfigDict(env_prefix="QUIZ_", extra="ignore", env_ignore_empty=True)

    data_dir: Path = Field(default_factory=default_data_dir, validate_default=True)  # a ~ left in it is refused
    database_url: str | None = None  # default: a SQLite file in data_dir
    # Connections to a database server (PostgreSQL), and so transactions at once; SQLite always uses one.
    # At most MAX_POOL_SIZE: a typo's billion passed, and the server refused connections under load instead.
    database_pool_size: int = Field(default=DEFAULT_POOL_SIZE, ge=1, le=MAX_POOL_SIZE)
    # Seconds a start waits for another process's migration of the database (each holds the lock for its whole
    # migration: minutes on a large database) before giving up (exit 8); at most a day.
    migration_wait_seconds: int = Field(default=600, ge=1, le=86_400)
    content_dir: Path = Field(default_factory=default_content_dir)
    log_level: str = "INFO"
    # Seconds to answer each question; 0: no limit. At most Telegram's longest poll (about 30 days).
    question_seconds: int = Field(default=0, ge=0, le=MAX_QUESTION_SECONDS)
    # /healthz, /readyz and /metrics on this port (`quiztutor run` only); unset: no HTTP endpoint.
    http_port: int | None = Field(default=None, ge=1, le=65535)
    http_host: str = "0.0.0.0"  # all interfaces, so a container's health check and Prometheus reach it
    # Each chat platform's own settings, by platform name (filled by load_settings from the registry). Not read
    # from QUIZ_PLATFORMS: NoDecode hands that variable's text to _not_a_variable, which refuses it clearly.
    platforms: Annotated[dict[str, SerializeAsAny[PlatformSettings]], NoDecode] = Field(default_factory=dict)

    @field_validator("*", mode="before")
    @classmethod
    def _not_as_an_env_file_left_it(cls, value: object, info: ValidationInfo) -> object:
        # A CR or quotes docker --env-file kept (adapters/env_values.py), in a path, a URL or a number alike: a
        # quoted port was refused as "not a valid integer", which doesn't say what to change. Spaces around a
        # path or URL too (they made folders); a log level's are stripped.
        return as_written(value, spaces=info.field_name in PATHS_AND_URLS)

    @field_validator("http_port", mode="before")
    @classmethod
    def _whole_port(cls, value: object) -> object:
        # pydantic takes "8080.0" as 8080, but the container's HEALTHCHECK reads this variable too, with Python's
        # int() (adapters/healthcheck.py), and can't: the bot served while Docker called it unhealthy.
        if isinstance(value, str) and "." in value:
            raise ValueError("must be a whole number from 1 to 65535, written without a decimal point")
        return value

    @field_validator("data_dir", "content_dir")
    @classmethod
    def _home_expanded(cls, value: Path, info: ValidationInfo) -> Path:
        # An env file (docker --env-file, systemd's EnvironmentFile, compose's .env) passes "~/quiz" as written, with
        # no shell to expand it: the database went into a folder named "~" under the current one.
        try:
            expanded = value.expanduser()
        except RuntimeError:  # no HOME, and the user has no entry in the password database; or no such user
            tilde = value.parts[0]
            if tilde != "~":
                raise ValueError(f"starts with {tilde}, but this machine has no user {tilde[1:]}: write the whole "
                                 "path") from None
            unset = f" (unset, it is {value})" if info.field_name == "data_dir" and value == default_data_dir() else ""
            raise ValueError(f"starts with ~{unset}, but this user has no home folder: write the whole path") from None
        return within_file_system_limits(expanded)

    @field_validator("log_level")
    @classmethod
    def _known_level(cls, value: str) -> str:
        # Checked here, so a typo is reported like any other setting instead of crashing logging's set-up.
        level = value.strip().upper()
        if level not in logging.getLevelNamesMapping():
            raise ValueError("must be DEBUG, INFO, WARNING, ERROR or CRITICAL")
        return level

    @field_validator("platforms", mode="before")
    @classmethod
    def _not_a_variable(cls, value: object) -> object:
        if isinstance(value, str):
            raise ValueError("not a setting: `quiztutor run` runs each platform whose token is set "
                             "(QUIZ_TELEGRAM_TOKEN, QUIZ_DISCORD_TOKEN)")
        return value

    @field_validator("database_url")
    @classmethod
    def _password_encoded(cls, value: str | None) -> str | None:
        return None if value is None else checked_database_url(value)

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
        from storage.database import sqlite_url  # here: every command reads the settings, not all the database

        return self.database_url or sqlite_url(self.data_dir)

    @property
    def locales_dir(self) -> Path:
        """The content's own UI translations, else the shipped ones (a custom quiz folder needn't copy them). A file or
        a broken link in their place is the content's, refused by name when read, not passed over."""
        own = self.content_dir / "locales"
        return default_content_dir() / "locales" if nothing_at(own) else own

    def secrets(self) -> list[str]:
        # Not the database's password: the URL is only ever shown without it, and scrubbing a short or common
        # password ("postgres") from every line would blank ordinary words, and show which word it is.
        return [secret for platform in self.platforms.values() for secret in platform.secrets()]

    def admins(self) -> dict[str, set[str]]:
        return {name: set(platform.admins) for name, platform in self.platforms.items()}


def checked_database_url(value: str) -> str:
    """A database URL (QUIZ_DATABASE_URL, or alembic's -x url) as SQLAlchemy will read it, or a ValueError saying
    what to change."""
    start, authority, rest = _split_authority(value)
    # Without a password, SQLAlchemy took an '@' in the query for the end of a user name (...://host:5432/db?
    # user=a@b connected to host 'b'); it decodes a query's %40, so it reads it right so.
    path, mark, query = rest.partition("?")
    encoded = start + authority + path + mark + query.replace("@", "%40")
    # SQLAlchemy ends the password at its first '@': the rest of it is read as the host (or, after a '/', as
    # the database), and would be printed in every "can't reach" message. A user name may hold '@'s
    # (user@server, as Azure's are written). A SQLite file's path has no password to cut short.
    read = SQLALCHEMY_URL.match(encoded)
    read_past = (read["host"] or "") + (read["database"] or "") if read is not None else ""
    if not start.startswith("sqlite") and "@" in read_past:
        raise ValueError("an '@' in it ends the password early, and the rest would be read as the host or the "
                         "database: write an '@' in the password (or the database name) as %40, and "
                         "percent-encode any : / ? # % in the password too")
    _check_host_and_port(encoded)
    return encoded


# How SQLAlchemy's make_url splits a URL (sqlalchemy.engine.url._parse_url's pattern), with the host and the
# database as written: it decodes them, and %40 is a legitimate '@' in a database's name.
SQLALCHEMY_URL = re.compile(r"[\w+]+://(?:[^:/]*(?::[^@]*)?@)?(?:\[[^/?]+\]|(?P<host>[^/:?]+))?(?::[^/?]*)?"
                            r"(?:/(?P<database>[^?]*))?")


def _check_host_and_port(database_url: str) -> None:
    """The port as SQLAlchemy reads it, checked here: else the driver fails on it with a ValueError or an
    OverflowError. What is no URL at all passes: storage/errors.py says so when it is used."""
    from sqlalchemy.engine import make_url  # here: not every command needs SQLAlchemy
    from sqlalchemy.exc import ArgumentError
    try:
        parsed = make_url(database_url)
    except ArgumentError:
        return
    except ValueError:  # int() of what it took for the port: "host:abc", or an IPv6 address without its "]"
        raise ValueError("its host and port can't be read: the port must be a number from 1 to 65535, and an "
                         "IPv6 address written in [ ]") from None
    if parsed.port is not None and not 0 < parsed.port < 65536:
        raise ValueError("its port is not a number from 1 to 65535")


def _split_authority(database_url: str) -> tuple[str, str, str]:
    """The scheme with '://', the authority (user:password@host:port) and the rest (/database?query). The
    authority ends at the first '/' (a password with '?' works in SQLAlchemy), or without one at the query's '?';
    a URL without '://' has none."""
    scheme, separator, after = database_url.partition("://")
    if not separator:
        return database_url, "", ""
    end = next((at for at in (after.find("/"), after.find("?")) if at >= 0), len(after))
    return scheme + separator, after[:end], after[end:]


class ConfigurationError(Exception):
    """QUIZ_* variables that can't work: (variable, what is wrong), never the value (it may be a secret)."""

    def __init__(self, problems: list[tuple[str, str]]) -> None:
        super().__init__("; ".join(f"{variable}: {message}" for variable, message in problems))
        self.problems = problems


def load_settings(platforms: Sequence[PlatformSpec]) -> Settings:
    """The core's settings and each platform's, from the environment; every bad variable in one error."""
    problems: list[tuple[str, str]] = []
    core = _read(Settings, problems)
    configured = {spec.name: read for spec in platforms if (read := _read(spec.settings, problems)) is not None}
    if problems or core is None:
        raise ConfigurationError(problems)
    return core.model_copy(update={"platforms": configured})


def database_url_from_environment() -> str:
    """The database `quiztutor run` uses: QUIZ_DATABASE_URL, else the SQLite file in QUIZ_DATA_DIR, read as the
    commands read them (Alembic's command line, storage/migrations/env.py); a wrong core setting in a
    ConfigurationError, as the commands refuse it."""
    problems: list[tuple[str, str]] = []
    core = _read(Settings, problems)
    if problems or core is None:
        raise ConfigurationError(problems)
    return core.resolved_database_url


def _read(model: type[Model], problems: list[tuple[str, str]]) -> Model | None:
    try:
        return model()
    except ValidationError as error:
        prefix = str(model.model_config.get("env_prefix", ""))
        for problem in error.errors(include_url=False, include_input=False):  # the input may be a secret
            variable = (prefix + "_".join(str(part) for part in problem["loc"])).upper() if problem["loc"] else ""
            problems.append((variable, problem["msg"].removeprefix("Value error, ")))
        return None
