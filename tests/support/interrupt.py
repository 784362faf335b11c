"""Ctrl-C sent to a `quiztutor` process at a chosen moment: once a line of its stderr shows it got there."""

from __future__ import annotations

import signal
import subprocess
from collections.abc import Callable


def interrupt_once(process: subprocess.Popen[str], reached: Callable[[str], bool], never: str,
                   timeout: float) -> tuple[str, str]:
    """Reads the process's stderr until a line is `reached`, sends it SIGINT and returns its (stdout, stderr) as
    communicate gives them (the rest of stderr: the lines read before are the process's past). Raises
    AssertionError with `never` and what stderr said when the process ends without such a line."""
    seen = []
    for line in process.stderr:  # type: ignore[union-attr]
        seen.append(line)
        if reached(line):
            process.send_signal(signal.SIGINT)
            break
    else:
        raise AssertionError(never + ":\n" + "".join(seen))
    return process.communicate(timeout=timeout)
