"""Values as an env file hands them over: `docker run --env-file` (and Kubernetes, and a systemd file written
without its quoting rules in mind) passes everything after the "=" as written, quotes and a Windows line's CR
included. A path or URL setting so written named a folder `"` or `quiztutor\r`, or a database URL nothing reads:
refused (exit 2, the variable named), saying what is wrong, rather than created or tried. So is a path no file
system holds."""

from __future__ import annotations

import os
from pathlib import Path

QUOTES = "\"'"


def as_written(value: object, *, spaces: bool = True) -> object:
    """``value`` unchanged, or ValueError saying what an env file left in it (never echoing it: a URL may hold a
    password). Quotes inside a value are its own (a password in a URL): only a pair wrapping all of it is refused.
    ``spaces``: refuse spaces around it too (a path's or a URL's; a setting that strips them may keep them)."""
    if not isinstance(value, str):
        return value
    if value.endswith("\r"):
        raise ValueError("ends in a carriage return (\\r): the env file has Windows (CRLF) line endings, which "
                         "docker --env-file keeps in the value; save it with Unix (LF) line endings (dos2unix)")
    if "\r" in value or "\n" in value:
        raise ValueError("holds a line break: give it on one line")
    not_wrapped_in_quotes(value)
    if spaces and value != value.strip():
        raise ValueError("starts or ends with a space, which an env file passes on as part of the value: write it "
                         "without")
    return value


def not_wrapped_in_quotes(value: str) -> str:
    """``value``, or ValueError if a pair of quotes wraps all of it (never echoing it: a token's are a secret)."""
    if len(value) >= 2 and value[0] == value[-1] and value[0] in QUOTES:
        raise ValueError(f"is wrapped in quotes ({value[0]}...{value[0]}), which docker --env-file passes on as part "
                         "of the value: write it without them")
    return value


# Linux's (and most file systems'): a longer name failed wherever the path was first used, as "OSError: [Errno 36]".
NAME_MAX, PATH_MAX = 255, 4095


def within_file_system_limits(path: Path) -> Path:
    """``path``, or ValueError if no file system could hold it (a pasted blob, a variable expanded twice)."""
    longest = max((len(os.fsencode(part)) for part in path.parts), default=0)
    if longest > NAME_MAX:
        raise ValueError(f"a folder name in it is {longest} bytes long, more than the {NAME_MAX} a file system takes")
    if (length := len(os.fsencode(path))) > PATH_MAX:
        raise ValueError(f"it is {length} bytes long, more than the {PATH_MAX} a path may have")
    return path
