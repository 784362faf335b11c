"""`quiztutor migrate ARGUMENTS...`: alembic's command line on QuizTutor's own migrations, from any folder
(`quiztutor migrate downgrade 0016` is `alembic -c storage/alembic.ini downgrade 0016` run in the source folder).

The database, its failures and their exit codes are env.py's (storage/migrations/env.py), as for alembic itself.
What differs is alembic's own refusals of its command line before env.py runs (`downgrade 0016 --sql` without
FROM:TO, `upgrade head:`, `history -r` naming no revision): alembic exits 255 after its `FAILED:` line, a code
README's table lists nowhere; here they are a wrong command line, 2, as argparse's usage errors are."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import TextIO

from adapters.cli.exit_codes import ExitCode

PROG = "quiztutor migrate"
WRITING_MIGRATIONS = frozenset({"init", "revision", "merge", "edit"})  # alembic's commands for a developer


def migrate(arguments: Sequence[str], stdout: TextIO) -> int:
    """``stdout``: where alembic writes (its Config's default is sys.stdout as it was when alembic was imported)."""
    from alembic.config import CommandLine, Config  # here: `quiztutor --help` loads no database library
    from alembic.util import CommandError

    from storage.migrate import MIGRATIONS_DIR

    command_line = CommandLine(prog=PROG)
    options = command_line.parser.parse_args(list(arguments))  # a usage error: argparse's line, exit 2
    if not hasattr(options, "cmd"):
        command_line.parser.error("too few arguments: name an alembic command, such as current or downgrade")
    if (name := options.cmd[0].__name__) in WRITING_MIGRATIONS:  # init failed with a traceback, after making its
        # folder; revision and merge wrote into the installed release's own scripts, edit opened an editor on them
        command_line.parser.error(f"{name}: quiztutor migrate runs this release's migrations on the bot's database; "
                                  "write a migration with alembic in the source folder: alembic -c "
                                  f"storage/alembic.ini {name} ...")
    if options.config:  # another configuration would migrate with other scripts than this release's
        command_line.parser.error("-c/--config: quiztutor migrate runs this release's own migrations; leave it out")
    config = Config(ini_section=options.name, cmd_opts=options, stdout=stdout)
    config.set_main_option("script_location", str(MIGRATIONS_DIR))  # as storage/alembic.ini names it
    command, positional, named = options.cmd
    try:
        command(config, *[getattr(options, key, None) for key in positional],
                **{key: getattr(options, key, None) for key in named})
    except CommandError as error:  # env.py's own failures end in SystemExit with their code before this
        if options.raiseerr:
            raise
        if options.quiet:  # -q: alembic says nothing either
            pass
        elif config.stdout is not None:  # where alembic says FAILED:, as env.py does
            config.print_stdout(f"FAILED: {error}")
        elif sys.stderr is not None:  # stdout closed (>&-)
            print(f"FAILED: {error}", file=sys.stderr)
        return ExitCode.CONFIGURATION
    return ExitCode.OK
