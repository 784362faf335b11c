"""The `quiztutor discord-sync [--guild ID]` subcommand, brought by the Discord platform."""

from __future__ import annotations

import argparse
import os
import sys

from adapters.cli.exit_codes import ExitCode
from adapters.discord.spec import DiscordSettings
from adapters.platform import PlatformSettings, PlatformTool
from adapters.settings import ConfigurationError, Settings

# A Discord id (a snowflake) is an unsigned 64-bit number, and never 0.
LARGEST_ID = 2**64 - 1


def server_id(text: str) -> int:
    """--guild: a server id as Discord shows it. int() took 0, negative and 30-digit ids, no server's, and sent them
    to Discord after logging in; it read "1_000" or Arabic digits as an id nobody copied."""
    digits = text.strip()
    # The length first: int() of thousands of digits fails with Python's own limit.
    if not (digits.isascii() and digits.isdigit() and len(digits) <= len(str(LARGEST_ID))
            and 0 < int(digits) <= LARGEST_ID):
        raise argparse.ArgumentTypeError(f"not a Discord server id: {text!r}; it is the number Copy Server ID gives "
                                         "(Developer Mode on), such as 123456789012345678")
    return int(digits)


def arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--guild", type=server_id, help="sync to one server only (appears at once), by its id")
    parser.add_argument("--remove", action="store_true",
                        help="take the commands away instead (from that server's own copies, else the global ones)")


async def run(settings: Settings, platform: PlatformSettings, args: argparse.Namespace) -> int:
    if not isinstance(platform, DiscordSettings) or platform.token is None:
        print("quiztutor: set QUIZ_DISCORD_TOKEN to sync Discord commands", file=sys.stderr)
        return 2
    if problems := platform.environment_problems(os.environ):
        raise ConfigurationError(problems)
    from adapters.discord.sync import ServerRefused, sync_commands  # discord.py is imported only now

    try:
        count = await sync_commands(settings, platform, args.guild, remove=args.remove)
    except ServerRefused as refused:
        print(f"quiztutor discord-sync: {refused}", file=sys.stderr)
        return ExitCode.CONFIGURATION
    if args.remove:
        where = f"server {args.guild}'s own copies (the global ones, if synced, still show there)" if args.guild \
            else "the global commands (may take up to an hour to go)"
        print(f"removed {where}")
        return 0
    where = f"server {args.guild}" if args.guild else "all servers and DMs (global; may take up to an hour to show)"
    print(f"synced {count} commands to {where}")
    return 0


SYNC = PlatformTool(name="discord-sync", help="register the Discord slash commands (rate-limited by Discord)",
                    arguments=arguments, run=run)
