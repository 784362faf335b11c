"""The content folder a command reads, checked before it does: a path that is no folder this user can enter (a typo,
a volume not mounted, a file, chmod) is a wrong setting or command line, said in one line with exit 2 by every
command alike. Before, `validate` listed it as a problem in the quiz files (exit 1), `export`, `stats`, `play` and
`run` as invalid content (exit 3), and only `schema` as a wrong setting."""

from __future__ import annotations

import argparse
import errno
import os
import stat
import sys
from pathlib import Path

from adapters.cli.exit_codes import ExitCode
from adapters.env_values import within_file_system_limits
from bot.content.file_reading import system_reason

CONTENT_SETTING = "QUIZ_CONTENT_DIR"
# The commands that read the content folder: DIR's (validate, export) or QUIZ_CONTENT_DIR's.
READING_CONTENT = frozenset({"validate", "export", "stats", "play", "run", "schema"})


def folder_argument(text: str) -> Path:
    """A DIR argument; one no file system could hold is refused (exit 2) as QUIZ_CONTENT_DIR is, where every
    look at it failed with "OSError: [Errno 36] File name too long" (exit 1). An empty one (a script's variable
    left empty) is refused too: Path('') is the current folder, which nobody named; and a blank one, as --quiz's."""
    if not text.strip():
        raise argparse.ArgumentTypeError(f"{'a blank folder name (only spaces)' if text else 'an empty folder name'}: "
                                         "give the folder that contains quizzes/, or leave it out for QUIZ_CONTENT_DIR")
    try:
        return within_file_system_limits(Path(text))
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def why_no_folder(folder: Path) -> str | None:
    """What is wrong with ``folder`` as a content folder ("doesn't exist", "is a file", "can't be read (Permission
    denied)"), or None when it is a folder this user may enter: what is in it is the loader's to judge."""
    try:
        mode = os.stat(folder).st_mode
    except (FileNotFoundError, NotADirectoryError):
        return "doesn't exist"
    except OSError as error:  # a folder above it that may not be entered, a link to itself
        return f"can't be read ({system_reason(error).english()})"
    if not stat.S_ISDIR(mode):
        return "is a file" if stat.S_ISREG(mode) else "is not a folder"
    try:
        os.lstat(folder / "quizzes")  # entering it is what every reader does first
    except OSError as error:
        if error.errno in (errno.EACCES, errno.EPERM):
            return f"can't be read ({system_reason(error).english()})"
    return None


def refused_content_folder(command: str, argument: Path | None, setting: Path) -> int | None:
    """Exit 2, having said why, when the folder ``command`` would read (its DIR ``argument``, else the setting's) is
    none; None when it may go on, or reads no content."""
    if command not in READING_CONTENT:
        return None
    folder, origin = (argument, "DIR") if argument is not None else (setting, CONTENT_SETTING)
    wrong = why_no_folder(folder)
    if wrong is None:
        return None
    print(f"quiztutor {command}: {origin} names no folder: {folder} {wrong} (give the folder that contains "
          "quizzes/)", file=sys.stderr)
    return ExitCode.CONFIGURATION
