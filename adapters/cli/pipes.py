"""Output to a reader that may stop reading early (`quiztutor validate | head`), as well-made Unix tools treat it."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TextIO


def silence_stdout(stream: TextIO | None = None) -> None:
    """Send the rest of ``stream`` (stdout) nowhere: flushed at exit to a closed pipe it would print "Exception
    ignored ... BrokenPipeError"."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, (stream or sys.stdout).fileno())
    os.close(devnull)


@contextmanager
def reader_may_leave() -> Iterator[None]:
    """Printing that a closed pipe ends quietly, leaving the command's own exit code as it was: `validate` found
    problems (exit 1) whether or not anyone read them all, so a script under `set -o pipefail` still fails."""
    try:
        yield
        sys.stdout.flush()  # here, not at exit: a pipe closed meanwhile is then caught below
    except BrokenPipeError:
        silence_stdout()
