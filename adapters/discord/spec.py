"""Discord as QuizTutor sees it: its settings (QUIZ_DISCORD_*), its poll limits, and how to build it."""

from __future__ import annotations

from pydantic import Field
from pydantic_settings import SettingsConfigDict

from adapters.platform import ChatAdapter, PlatformSettings, PlatformSpec, PlatformTool
from bot.content.limits import PollLimits
from bot.engine import QuizEngine

# Native polls: a question of 300 characters and answers of 55; no explanation popup.
DISCORD_LIMITS = PollLimits(question=300, option=55)


class DiscordSettings(PlatformSettings):
    model_config = SettingsConfigDict(env_prefix="QUIZ_DISCORD_", extra="ignore", env_ignore_empty=True)

    poll_hours: int = Field(default=1, ge=1, le=768)  # Discord polls last whole hours, 1 to 768


def build(engine: QuizEngine, settings: PlatformSettings) -> ChatAdapter:
    from adapters.discord.adapter import DiscordAdapter  # discord.py is imported only now

    if not isinstance(settings, DiscordSettings):
        raise TypeError("the Discord adapter needs DiscordSettings")
    return DiscordAdapter(engine, settings)


def sync_tool() -> PlatformTool:
    from adapters.discord.sync_tool import SYNC

    return SYNC


SPEC = PlatformSpec(name="discord", title="Discord", settings=DiscordSettings, poll_limits=DISCORD_LIMITS,
                    build=build, extra="discord", token_help="a bot token from the Discord developer portal",
                    tools=(sync_tool,))
