"""What a chat platform is to QuizTutor: its settings, its poll limits, and how to build its adapter.

Each platform describes itself in ``adapters/<platform>/spec.py``, which imports no platform library (that
happens only when its adapter is built, so an install without it still runs the others).
"""

from __future__ import annotations

import argparse
import importlib
import re
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, ClassVar, Protocol, runtime_checkable

from pydantic import SecretStr, ValidationInfo, field_validator
from pydantic_settings import BaseSettings, NoDecode

from adapters.env_values import as_written, not_wrapped_in_quotes
from bot.content.limits import PollLimits

if TYPE_CHECKING:  # annotations only: the engine and its replies are a third of `quiztutor --help`'s start-up
    from adapters.settings import Settings
    from bot.engine import QuizEngine
    from bot.games.delivery import GameSurface
    from bot.replies import Expired, Reminder
    from storage.held_lock import Agreement, LockHeld

CommaSeparated = Annotated[frozenset[str], NoDecode]


class PlatformSettings(BaseSettings):
    """What every platform is configured with; a subclass reads ``QUIZ_<PLATFORM>_*`` (``env_prefix``)."""

    token: SecretStr | None = None
    admins: CommaSeparated = frozenset()  # user ids allowed to /reload, comma-separated
    # What the platform's bot tokens look like, and how to say so; None: anything is taken.
    token_shape: ClassVar[str | None] = None
    token_hint: ClassVar[str] = ""
    # Settings (URLs, addresses) an env file's spaces around would break: refused with them.
    unspaced: ClassVar[frozenset[str]] = frozenset()

    # A name no subclass should reuse (as below). Every setting but the token, which a secret file's line break
    # may end and is stripped: a CR or quotes docker --env-file kept (adapters/env_values.py), in a URL or a number.
    @field_validator("*", mode="before")
    @classmethod
    def _platform_value_not_as_an_env_file_left_it(cls, value: object, info: ValidationInfo) -> object:
        return value if info.field_name == "token" else as_written(value, spaces=info.field_name in cls.unspaced)

    @field_validator("token", mode="before")
    @classmethod
    def _token_without_surrounding_space(cls, value: object) -> object:
        # A secret file or an env file with CRLF leaves a line break behind: the platform libraries strip it too.
        # Nothing but spaces counts as unset, as an empty variable does. Quotes an env file kept are named as such:
        # the shape check below would only say "is not a bot token" of a token that looks right between them.
        return (not_wrapped_in_quotes(value.strip()) or None) if isinstance(value, str) else value

    @field_validator("token")
    @classmethod
    def _token_of_the_platforms_shape(cls, value: SecretStr | None) -> SecretStr | None:
        # A mistyped or half-pasted token (a space, a line break) would only fail at the platform, as a refused
        # login or a network error; said here, without echoing the value.
        if value is not None and cls.token_shape and not re.fullmatch(cls.token_shape, value.get_secret_value()):
            raise ValueError(f"is not a bot token: {cls.token_hint}")
        return value

    # A name no subclass should reuse: pydantic lets a subclass's validator of the same name replace this one.
    @field_validator("admins", mode="before")
    @classmethod
    def _split_admin_ids(cls, value: object) -> object:
        if isinstance(value, str):
            parts = [part.strip() for part in value.split(",") if part.strip()]
            # A name (@ada) or a mistyped id would never match anyone: named, so the operator finds which. An id is
            # a user's entry, never a secret.
            for part in parts:
                if not (part.isascii() and part.isdigit()):
                    raise ValueError(f"{part!r} is not a user id: give numeric user ids separated by commas, e.g. "
                                     "123456789,987654321")
            # As a sender's id is compared: as its number is written, so 0123 (a spreadsheet's padding) is 123.
            return frozenset(str(int(part)) for part in parts)
        return value

    @property
    def enabled(self) -> bool:
        """Served by `quiztutor run` when its token is set."""
        return self.token is not None

    def secrets(self) -> list[str]:
        """Every value that must never reach a log line."""
        return [self.token.get_secret_value()] if self.token else []

    def environment_problems(self, environ: Mapping[str, str]) -> list[tuple[str, str]]:
        """What else in the environment (not QUIZ_*) keeps the platform from working as configured, such as a proxy
        its library can't go through: (variable, what is wrong), as ConfigurationError takes them. Checked by the
        commands that reach the platform (`run`, its tools) before they start, not by every command."""
        return []

    def listeners(self) -> list[tuple[str, str, int]]:
        """The ports it listens on as configured, as (the port's variable, the host, the port): `run` refuses two
        of them, or one and QUIZ_HTTP_PORT, on one port before it starts (the default: none)."""
        return []

    def counted_errors(self, kinds: tuple[str, ...]) -> tuple[str, ...]:
        """Of ``kinds`` (its spec's error_kinds, all its adapter may count), those it counts as configured: /metrics
        shows them at 0 from the start, and none that could never count (the default: all of them)."""
        return kinds

    def single_process(self) -> SingleProcess | None:
        """When only one process may serve the platform as configured, the lock that process holds (or, serving it
        otherwise, the locks it must find free); None when several may, beside anything (the default: what they
        share is in the database)."""
        return None


@dataclass(frozen=True)
class SingleProcess:
    """What only one process at a time may serve (Telegram's long polling, a Discord shard): each lock's name (the
    same in every process configured alike, never a secret) and what to tell the operator when another process
    holds it. A process takes all of them or refuses to start. And a number every process must give alike (a Discord
    bot's shard count), if any, with what to tell the operator when a running process gave another (``{theirs}``,
    and this process's, ``{ours}``)."""

    refusals: Mapping[str, str]
    agreement: Agreement | None = None
    disagreement: str = ""
    # Locks this process doesn't hold but refuses to start beside, each with what to tell the operator: a Telegram
    # webhook's setWebhook would take the poller's updates away (Telegram answers its getUpdates with 409).
    excluded_by: Mapping[str, str] = field(default_factory=dict)

    @property
    def locks(self) -> list[str]:
        return list(self.refusals)

    def refusal(self, taken: LockHeld) -> str:
        from storage.held_lock import Disagreement  # here: `quiztutor --help` loads no storage module

        if isinstance(taken, Disagreement) and self.agreement is not None:
            return self.disagreement.format(theirs=taken.theirs, ours=self.agreement.value)
        said = {**self.excluded_by, **self.refusals}
        return said.get(str(taken)) or next(iter(said.values()))


class ChatAdapter(Protocol):
    """A platform front-end: started once, stopped once, sharing the engine and the event loop."""

    name: str

    async def start(self) -> None: ...
    async def stop(self) -> None: ...

    def not_ready(self) -> str | None:
        """None while connected and taking updates; else why not, in a few words (/readyz shows it)."""
        ...

    async def deliver_expired(self, expired: Expired) -> None:
        """Tell a learner their question's time ran out, and show what comes next (the sweeper calls this)."""
        ...

    reminders_per_second: float  # how fast daily reminders may go out without hitting the platform's limits
    # Whether every question of a solo quiz it shows is linked (Telegram's polls; Discord's polls, and its private
    # buttons, linked withdrawn before they are shown: delivery.AsksPrivately): then an open question with no link
    # after one a message asked was never sent (the process died first), and the sweep asks it rather than time it
    # out unseen.
    asks_on_linked_messages: bool

    async def send_reminder(self, reminder: Reminder) -> None:
        """Send a daily reminder privately; raise RecipientGone when the learner can't be reached any more."""
        ...

    def game_surface(self, chat_id: str) -> GameSurface:
        """Where a group game in this chat shows (the game sweeper shows each game's next step there)."""
        ...


@runtime_checkable
class CatchesUp(Protocol):
    """An adapter whose platform keeps updates while no process takes them (Telegram): the deadline sweeps wait."""

    async def caught_up(self) -> None:
        """Returns once the updates kept while the bot was away are handled (a vote among them was cast in time,
        and a sweep first would time its question out), or after a bounded wait."""
        ...


@runtime_checkable
class KeepsCutShort(Protocol):
    """An adapter whose platform won't deliver again an event a stop cut short (Telegram's polling): it keeps them
    in a folder (the data folder) and handles them at the next start."""

    def keep_cut_short_in(self, folder: Path) -> None: ...


@runtime_checkable
class Supervised(Protocol):
    """An adapter that can fail for good while it runs, not only at start-up: `quiztutor run` then stops."""

    async def failure(self) -> Exception:
        """Wait until the adapter can't go on, and return why (e.g. another process took its updates)."""
        ...


@dataclass(frozen=True)
class PlatformTool:
    """A `quiztutor` subcommand a platform brings, e.g. `discord-sync`."""

    name: str
    help: str
    arguments: Callable[[argparse.ArgumentParser], None]
    run: Callable[[Settings, PlatformSettings, argparse.Namespace], Awaitable[int]]


@dataclass(frozen=True)
class PlatformSpec:
    name: str  # as stored with each user: "telegram"
    title: str  # as people write it: "Telegram"
    settings: type[PlatformSettings]
    poll_limits: PollLimits
    build: Callable[[QuizEngine, PlatformSettings], ChatAdapter]  # imports the platform library
    extra: str  # the pip extra that installs its library: quiz-tutor[telegram]
    token_help: str  # where a token comes from, for `quiztutor run` with nothing configured
    tools: tuple[Callable[[], PlatformTool], ...] = ()  # subcommands, loaded when the command line is built
    error_kinds: tuple[str, ...] = ()  # what its adapter counts as Metrics.error's kind, shown at 0 from the start
    # The module its extra installs (python-telegram-bot's "telegram"), imported by build; None: no library of its own.
    library: str | None = None

    def library_problems(self) -> list[tuple[str, str]]:
        """library_missing's problem if the library can't be imported, else none: `run` asks before it opens (and
        migrates) the database, as a build would fail only after."""
        if self.library is None:
            return []
        try:
            importlib.import_module(self.library)
        except ModuleNotFoundError as missing:
            return [self.library_missing(missing)]
        return []

    def library_missing(self, missing: ModuleNotFoundError) -> tuple[str, str]:
        """Its token is set but its library (an extra) isn't installed: the problem, with how to install it from
        the clone QuizTutor is installed from (no package index serves quiz-tutor)."""
        library = (missing.name or self.extra).partition(".")[0]  # "telegram", whichever of its modules was first
        return (self.env("token"), f"is set, but {self.title}'s library ({library}) isn't installed: in the "
                f"QuizTutor folder, run scripts/bootstrap {self.extra} (or, in an environment of your own, "
                f"pip install -e '.[{self.extra}]')")

    def env(self, field: str) -> str:
        """The variable a setting is read from: ``env("token")`` -> ``QUIZ_TELEGRAM_TOKEN``."""
        prefix = str(self.settings.model_config.get("env_prefix", ""))
        return f"{prefix}{field}".upper()
