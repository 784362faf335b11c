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
    finally:
        _forget_interrupts_in_generated_code()


def _forget_interrupts_in_generated_code() -> None:
    """CPython marks a KeyboardInterrupt that left code run by exec() of a string as never handled, though caught
    since, and `python -m` then ends killed by SIGINT (-2 to its parent), not with the code returned: dataclasses
    build their methods so while the commands load, where Ctrl-C often lands. An exec() that ends well clears it."""
    exec("")


if __name__ == "__main__":
    sys.exit(main())
