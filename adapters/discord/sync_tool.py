"""The `quiztutor discord-sync [--guild ID]` subcommand, brought by the Discord platform."""

from __future__ import annotations

import argparse
import os
import sys

from adapters.discord.spec import DiscordSettings
from adapters.platform import PlatformSettings, PlatformTool
from adapters.settings import ConfigurationError, Settings


def arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--guild", type=int, help="sync to one server only (appears at once)")


async def run(settings: Settings, platform: PlatformSettings, args: argparse.Namespace) -> int:
    if not isinstance(platform, DiscordSettings) or platform.token is None:
        print("quiztutor: set QUIZ_DISCORD_TOKEN to sync Discord commands", file=sys.stderr)
        return 2
    if problems := platform.environment_problems(os.environ):
        raise ConfigurationError(problems)
    from adapters.discord.sync import sync_commands  # discord.py is imported only now

    count = await sync_commands(settings, platform, args.guild)
    where = f"server {args.guild}" if args.guild else "all servers and DMs (global; may take up to an hour to show)"
    print(f"synced {count} commands to {where}")
    return 0


SYNC = PlatformTool(name="discord-sync", help="register the Discord slash commands (rate-limited by Discord)",
                    arguments=arguments, run=run)
