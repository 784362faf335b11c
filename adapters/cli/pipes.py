"""Output to a reader that may stop reading early (`quiztutor validate | head`), as well-made Unix tools treat it,
or to a place that can't take it (`quiztutor export > /dev/full`: a full disk)."""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TextIO

from adapters.cli.exit_codes import ExitCode


class OutputFailed(Exception):
    """Standard output refused what the command printed (a full disk, an I/O error): ``reason`` says why."""

    def __init__(self, error: OSError) -> None:
        self.reason = error.strerror or str(error)
        super().__init__(self.reason)

    def tell(self, who: str) -> None:
        """Say so on stderr, unless that can't be written either (`&> /dev/full`: the exit code still says it)."""
        silence_stdout()  # what is still buffered, flushed at exit, would fail again
        with contextlib.suppress(OSError):
            if sys.stderr is not None:  # closed (2>&-)
                print(f"{who}: its standard output couldn't be written ({self.reason}), so what it printed is "
                      "missing or cut short: send it where it can be written", file=sys.stderr)


def closed_output(who: str) -> None:
    """Started with stdout closed (`>&-`): Python's sys.stdout is None, and the first print a traceback."""
    if sys.stderr is not None:  # closed too (`>&- 2>&-`): the exit code still says it
        print(f"{who}: its standard output is closed (>&-), so what it prints would go nowhere: send it to a file, "
              "or to /dev/null to discard it", file=sys.stderr)


def silence_stdout(stream: TextIO | None = None) -> None:
    """Send the rest of ``stream`` (stdout) nowhere: flushed at exit to a closed pipe it would print "Exception
    ignored ... BrokenPipeError"."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, (stream or sys.stdout).fileno())
    os.close(devnull)


@contextmanager
def written() -> Iterator[None]:
    """Printing whose failure to be written is OutputFailed: only printing inside, so that another OSError (a file
    read) isn't taken for one. Flushed at the end: buffered, a full disk was seen only at exit, as a traceback."""
    try:
        yield
        if sys.stdout is not None:
            sys.stdout.flush()
    except BrokenPipeError:
        raise  # the reader left: its own, quiet, ending
    except OSError as error:
        raise OutputFailed(error) from error


@contextmanager
def reader_may_leave() -> Iterator[None]:
    """Printing that a closed pipe ends quietly, leaving the command's own exit code as it was: `validate` found
    problems (exit 1) whether or not anyone read them all, so a script under `set -o pipefail` still fails."""
    try:
        with written():  # here, not at exit: a pipe closed meanwhile is then caught below
            yield
    except BrokenPipeError:
        silence_stdout()


class WatchedOutput:
    """Standard output for libraries that drop a failed write: alembic's (util.write_outstream) and argparse's help.
    `quiztutor migrate current > /dev/full` exited 0 having written nothing; the first failure is kept here, for the
    command to tell once it is done (``outcome``)."""

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream
        self.failure: OSError | None = None

    @property
    def encoding(self) -> str:
        return self.stream.encoding

    def fileno(self) -> int:
        return self.stream.fileno()

    def isatty(self) -> bool:
        return self.stream.isatty()

    def write(self, text: str) -> int:
        try:
            return self.stream.write(text)
        except OSError as error:
            self.failure = self.failure or error
            raise

    def flush(self) -> None:
        try:
            self.stream.flush()
        except OSError as error:
            self.failure = self.failure or error

    def outcome(self, code: int, who: str) -> int:
        """``code``, the command's own, once what is still buffered is flushed: a reader gone early (`| head`) ends
        it quietly, as for the other commands; a write that failed is told, and is exit 2 if nothing else failed."""
        self.flush()
        if isinstance(self.failure, BrokenPipeError):
            silence_stdout(self.stream)
        elif self.failure is not None:
            OutputFailed(self.failure).tell(who)
            return code or ExitCode.CONFIGURATION
        return code
