"""`quiztutor run` (or another command) with discord.py pointed at other servers, for tests that start it as a
process:

    python -m tests.discord.run_process API_BASE GATEWAY [COMMAND [ARGUMENTS...]]

(discord.py reads its addresses from class attributes, which no environment variable sets).
"""

from __future__ import annotations

import sys

from adapters.cli.main import main
from tests.discord.endpoints import discord_endpoints


def run(api_base: str, gateway: str, *command: str) -> int:
    with discord_endpoints(api_base, gateway):
        return main(list(command) or ["run"])


if __name__ == "__main__":
    sys.exit(run(*sys.argv[1:]))
