"""Reading one quiz file: only a regular file, and only up to a size no quiz comes near."""

from __future__ import annotations

import os
import stat
from pathlib import Path

# The largest shipped quiz has about 30 KB; 1 MB leaves room and keeps memory bounded for /dev/zero and the like.
MAX_FILE_BYTES = 1024 * 1024

_KINDS = ((stat.S_ISDIR, "a directory"), (stat.S_ISFIFO, "a named pipe (FIFO)"),
          (stat.S_ISCHR, "a character device"), (stat.S_ISBLK, "a block device"), (stat.S_ISSOCK, "a socket"))


class FileRefused(Exception):
    """A file the loader will not read; the message says why."""


def read_quiz_text(path: Path) -> str:
    """The file's UTF-8 text; FileRefused for anything but a regular file of at most MAX_FILE_BYTES."""
    # O_NONBLOCK: opening a FIFO would otherwise wait for a writer forever (and hold /reload's lock).
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0))
    try:
        # fstat the descriptor, not the name: what was opened is what gets read, even if the name changes.
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            kind = next((name for test, name in _KINDS if test(info.st_mode)), "a special file")
            raise FileRefused(f"it is {kind}, not a regular file")
        data = _read_at_most(fd, MAX_FILE_BYTES + 1)
    finally:
        os.close(fd)
    if max(len(data), info.st_size) > MAX_FILE_BYTES:
        raise FileRefused(f"it has {max(len(data), info.st_size):,} bytes; "
                          f"the limit is {MAX_FILE_BYTES:,} (1 MB) per file")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:  # its own message gives a byte offset; an author looks for a line
        line = data.count(b"\n", 0, error.start) + 1
        raise FileRefused(f"line {line} is not UTF-8 (byte 0x{data[error.start]:02X}): save the file as UTF-8"
                          ) from error


def _read_at_most(fd: int, limit: int) -> bytes:
    chunks: list[bytes] = []
    size = 0
    while size < limit:
        chunk = os.read(fd, min(limit - size, 64 * 1024))
        if not chunk:
            break
        chunks.append(chunk)
        size += len(chunk)
    return b"".join(chunks)
