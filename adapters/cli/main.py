"""The `quiztutor` entry point: it only imports the commands, inside the handling of Ctrl-C.

Importing them (pydantic, the chat platforms' settings; SQLAlchemy and alembic too for the commands that open the
database) takes up to a second or two; a Ctrl-C then, or while the settings are read, printed a traceback.
"""

from __future__ import annotations

import sys

from adapters.cli.exit_codes import ExitCode


def main(argv: list[str] | None = None) -> int:
    try:
        from adapters.cli.commands import main as run_command

        return run_command(argv)
    except KeyboardInterrupt:  # the commands handle it once running; this is before, or during their handling
        return ExitCode.INTERRUPTED


if __name__ == "__main__":
    sys.exit(main())
