"""Discord as QuizTutor sees it: its settings (QUIZ_DISCORD_*), its poll limits, and how to build it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Annotated

from pydantic import Field, field_validator, model_validator
from pydantic_settings import NoDecode, SettingsConfigDict

from adapters.discord.proxy_env import proxy_problems
from adapters.error_kinds import EVENT_FAILED, GATEWAY_FAILED, HANDLER_FAILED
from adapters.platform import ChatAdapter, PlatformSettings, PlatformSpec, PlatformTool, SingleProcess
from bot.content.limits import PollLimits

if TYPE_CHECKING:  # annotations only: start-up (`quiztutor --help`) doesn't load the engine
    from bot.engine import QuizEngine

# Native polls: a question of 300 characters and answers of 55; no explanation popup.
DISCORD_LIMITS = PollLimits(question=300, option=55)
# A bot token as the Developer Portal gives it: three parts of letters, digits, _ and -, joined by dots.
BOT_TOKEN = r"^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$"
# Discord's REST API as discord.py reaches it (its http.Route.BASE), named here without loading discord.py.
DISCORD_API = "https://discord.com/api/v10"
# Told when another process on the same database already runs this process's gateway connection, or a shard of it.
GATEWAY_ALREADY = ("another process on this database already runs this Discord bot's gateway connection; Discord "
                   "would send both every event, and both would answer: stop the other one, or shard the bot and give "
                   "each process its own shards (QUIZ_DISCORD_SHARD_COUNT, QUIZ_DISCORD_SHARD_IDS)")
SHARD_ALREADY = ("another process on this database already runs shard {shard} of {count} of this Discord bot; "
                 "Discord would send both its events, and both would answer: give each process shards of its own "
                 "(QUIZ_DISCORD_SHARD_IDS)")
# Told when another process on the same database runs the bot with another shard count: shard i of N and shard j of
# M share servers whenever i and j are equal modulo gcd(N, M), so some of theirs would answer twice.
DIFFERENT_COUNT = ("another process on this database runs this Discord bot with QUIZ_DISCORD_SHARD_COUNT={theirs}, "
                   "this one with {ours} (unset means 1): their shards would share servers, and both would answer "
                   "there; give every process the same QUIZ_DISCORD_SHARD_COUNT (to change it, stop the processes "
                   "running the old one first)")
# At most 100,000 shards: the largest bots run thousands; a typo's trillion would fill the memory listing them.
MAX_SHARDS = 100_000


class DiscordSettings(PlatformSettings):
    model_config = SettingsConfigDict(env_prefix="QUIZ_DISCORD_", extra="ignore", env_ignore_empty=True)
    token_shape = BOT_TOKEN
    token_hint = ("the Developer Portal's are three parts joined by dots, each of letters, digits, _ and - (copy it "
                  "again from Bot > Reset Token)")

    # Discord polls last whole hours, 1 to 768. The longest by default: the bot ends a poll once its question is
    # answered, timed out or left, so only a learner away keeps one open, and they still answer on it when back.
    poll_hours: int = Field(default=768, ge=1, le=768)
    # Sharding: the bot's shards in all, and the ones this process runs (default: all of them).
    shard_count: int | None = Field(default=None, ge=1, le=MAX_SHARDS)
    shard_ids: Annotated[tuple[int, ...], NoDecode] = ()

    @field_validator("shard_ids", mode="before")
    @classmethod
    def _split_shard_ids(cls, value: object) -> object:
        if not isinstance(value, str):
            return value
        parts = [part.strip() for part in value.split(",") if part.strip()]
        # Set, yet naming no shard (","): not "every shard", which would open shards another process runs.
        if not parts or not all(part.isascii() and part.isdigit() for part in parts):
            raise ValueError("must be shard numbers separated by commas, e.g. 0,1")
        numbers = [part.lstrip("0") or "0" for part in parts]
        # A number longer than MAX_SHARDS is past any count, whatever it is; int() of thousands of digits fails on
        # Python's own limit (telling to raise it). So each distinct one stands for its own number past every
        # number as short as MAX_SHARDS: refused as out of range, and the same one twice still names a shard twice.
        digits = len(str(MAX_SHARDS))
        too_long = dict.fromkeys(number for number in numbers if len(number) > digits)
        past_any_count = {number: 10 ** digits + rank for rank, number in enumerate(too_long)}
        return tuple(past_any_count[number] if number in past_any_count else int(number) for number in numbers)

    @field_validator("shard_ids")
    @classmethod
    def _distinct(cls, value: tuple[int, ...]) -> tuple[int, ...]:
        if len(set(value)) != len(value):
            raise ValueError("names a shard twice")
        if any(shard < 0 for shard in value):
            raise ValueError("shard numbers start at 0")
        return value

    @model_validator(mode="after")
    def _ids_within_count(self) -> DiscordSettings:
        if self.shard_ids and self.shard_count is None:
            raise ValueError("QUIZ_DISCORD_SHARD_IDS needs QUIZ_DISCORD_SHARD_COUNT (the bot's shards in all)")
        if self.shard_count is not None and any(shard >= self.shard_count for shard in self.shard_ids):
            raise ValueError(f"QUIZ_DISCORD_SHARD_IDS must be below QUIZ_DISCORD_SHARD_COUNT "
                             f"({self.shard_count}): shards are numbered from 0")
        return self

    def environment_problems(self, environ: Mapping[str, str]) -> list[tuple[str, str]]:
        """A proxy for Discord that discord.py can't go through (socks5://), if Discord is configured."""
        return proxy_problems(DISCORD_API, environ) if self.enabled else []

    def single_process(self) -> SingleProcess | None:
        """A gateway connection (the bot's one, or a shard's) in one process: Discord sends every event to each
        connection of the same shard, so two processes running it would both answer. One lock a shard; unsharded is
        shard 0 of 1. The locks of 4 shards don't see 2's, whose servers they share: so the count is an agreement,
        and a process given another count than a running one's refuses too."""
        from storage.held_lock import Agreement  # here: `quiztutor --help` loads no storage module

        if self.token is None:
            return None
        # The token's first part is the bot's user id (base64): it tells bots apart without putting a secret anywhere.
        bot = self.token.get_secret_value().partition(".")[0]
        count = self.shard_count or 1
        agreement = Agreement(f"discord-{bot}-shard-count", count)
        if not self.sharded:
            return SingleProcess({f"discord-{bot}-shard-0-of-1": GATEWAY_ALREADY}, agreement, DIFFERENT_COUNT)
        return SingleProcess({f"discord-{bot}-shard-{shard}-of-{count}": SHARD_ALREADY.format(shard=shard, count=count)
                              for shard in self.shards}, agreement, DIFFERENT_COUNT)

    @property
    def sharded(self) -> bool:
        return self.shard_count is not None

    @property
    def shards(self) -> list[int]:
        """The shards this process runs: those listed, else every one."""
        return list(self.shard_ids) if self.shard_ids else list(range(self.shard_count or 1))


def build(engine: QuizEngine, settings: PlatformSettings) -> ChatAdapter:
    from adapters.discord.adapter import DiscordAdapter  # discord.py is imported only now

    if not isinstance(settings, DiscordSettings):
        raise TypeError("the Discord adapter needs DiscordSettings")
    return DiscordAdapter(engine, settings)


def sync_tool() -> PlatformTool:
    from adapters.discord.sync_tool import SYNC

    return SYNC


SPEC = PlatformSpec(name="discord", title="Discord", settings=DiscordSettings, poll_limits=DISCORD_LIMITS,
                    build=build, extra="discord", library="discord",
                    token_help="a bot token from the Discord developer portal",
                    tools=(sync_tool,), error_kinds=(HANDLER_FAILED, EVENT_FAILED, GATEWAY_FAILED))
