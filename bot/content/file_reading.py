"""Reading one content file (a quiz, a catalog): only a regular file, and only up to a size no quiz comes near."""

from __future__ import annotations

import codecs
import errno
import os
import re
import stat
from pathlib import Path

from bot.said import N_, Count, Said, as_is, said
from bot.text import one_line

# The largest shipped quiz has about 30 KB; 1 MB leaves room and keeps memory bounded for /dev/zero and the like.
MAX_FILE_BYTES = 1024 * 1024

_KINDS = ((stat.S_ISDIR, N_("it is a directory, not a regular file")),
          (stat.S_ISFIFO, N_("it is a named pipe (FIFO), not a regular file")),
          (stat.S_ISCHR, N_("it is a character device, not a regular file")),
          (stat.S_ISBLK, N_("it is a block device, not a regular file")),
          (stat.S_ISSOCK, N_("it is a socket, not a regular file")))


def no_regular_file(mode: int) -> Said | None:
    """What a file of ``mode`` is when it is no regular file ("it is a named pipe (FIFO), not a regular file"); None
    for a regular file."""
    if stat.S_ISREG(mode):
        return None
    return said(next((why for test, why in _KINDS if test(mode)), N_("it is a special file, not a regular file")))


# Why a content file most often can't be opened, as the system says it in English (glibc's words, so validate's
# lines are unchanged), for /reload to say in the admin's language; any other reason stays the system's own.
_SYSTEM_REASONS = {errno.EACCES: N_("Permission denied"), errno.EPERM: N_("Operation not permitted"),
                   errno.ENOENT: N_("No such file or directory"), errno.ELOOP: N_("Too many levels of symbolic links")}


def system_reason(error: OSError) -> Said:
    """Why ``error`` happened, said in the reader's language when it is one of the usual reasons."""
    reason = _SYSTEM_REASONS.get(error.errno) if error.errno is not None else None
    return said(reason) if reason is not None else as_is(error.strerror or one_line(error))


_LINE_BREAKS = re.compile(rb"\r\n?|\n")


class FileRefused(Exception):
    """A file the loader will not read; ``reason`` says why (the message too, in English)."""

    def __init__(self, reason: Said) -> None:
        super().__init__(reason.english())
        self.reason = reason


def nothing_at(path: Path, *, when_unsure: bool = True) -> bool:
    """Whether no file is at ``path``, not even a broken link. When that can't be told (its folder can't be entered:
    chmod), ``when_unsure``: True for the quiz loader, which names that folder once, not every file it might hold;
    False where reading the file says why it can't."""
    try:
        os.lstat(path)
    except (FileNotFoundError, NotADirectoryError):
        return True
    except OSError:
        return when_unsure
    return False


def folder_at(path: Path) -> bool:
    """Whether ``path`` is a folder; False when that can't be told (its own folder can't be entered), which the
    quiz loader tells."""
    try:
        return path.is_dir()
    except OSError:
        return False


def read_quiz_text(path: Path) -> str:
    """The file's UTF-8 text; FileRefused for anything but a regular file of at most MAX_FILE_BYTES."""
    return utf8_text(read_file_bytes(path))


def utf8_text(data: bytes) -> str:
    """``data`` as UTF-8 text; FileRefused naming the first line that isn't, or the file when it is UTF-32 or -16."""
    if _utf32_like(data):  # told first: its BOM starts as UTF-16's, and its letters have NULs beside them too
        raise FileRefused(said(N_("it is not UTF-8 (UTF-32, probably): save the file as UTF-8")))
    if _utf16_like(data):  # its ASCII letters would decode, each beside a NUL: "U+0000 is not allowed in YAML"
        raise FileRefused(said(N_("it is not UTF-8 (UTF-16, probably): save the file as UTF-8")))
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:  # its own message gives a byte offset; an author looks for a line
        # Lines as an editor (and the YAML problems' lines) count them: a file with CR alone has them too.
        line = len(_LINE_BREAKS.findall(data, 0, error.start)) + 1
        raise FileRefused(said(N_("line {line} is not UTF-8 (byte {byte}): save the file as UTF-8"), line=line,
                               byte=f"0x{data[error.start]:02X}")) from error


def _utf32_like(data: bytes) -> bool:
    """Whether ``data`` starts with a UTF-32 byte order mark, or reads as UTF-32 code units: every unit's top byte
    NUL (no code point needs it) and its next one in half of them (most text is in the BMP). UTF-16 text has a
    letter where the second is."""
    if data.startswith((codecs.BOM_UTF32_LE, codecs.BOM_UTF32_BE)):
        return True
    sample = data[:4096]
    units = len(sample) // 4
    if not units or len(data) % 4:
        return False
    return any(sample[top::4].count(0) == units and sample[next_one::4].count(0) * 2 >= units
               for top, next_one in ((3, 2), (0, 1)))


def _utf16_like(data: bytes) -> bool:
    """Whether ``data`` starts with a UTF-16 byte order mark, or has NULs in half its even or odd places (text
    saved as UTF-16, mostly ASCII letters, each with a NUL beside it; UTF-8 text has no NUL at all)."""
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        return True
    sample = data[:4096]
    return b"\0" in sample and max(sample[0::2].count(0), sample[1::2].count(0)) * 4 >= len(sample)


def read_file_bytes(path: Path) -> bytes:
    """The file's bytes; FileRefused for anything but a regular file of at most MAX_FILE_BYTES."""
    # O_NONBLOCK: opening a FIFO would otherwise wait for a writer forever (and hold /reload's lock).
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0))
    try:
        # fstat the descriptor, not the name: what was opened is what gets read, even if the name changes.
        info = os.fstat(fd)
        if (kind := no_regular_file(info.st_mode)) is not None:
            raise FileRefused(kind)
        data = _read_at_most(fd, MAX_FILE_BYTES + 1)
    finally:
        os.close(fd)
    if max(len(data), info.st_size) > MAX_FILE_BYTES:
        raise FileRefused(said(N_("it has {size} bytes; the limit is {limit} (1 MB) per file"),
                               size=Count(max(len(data), info.st_size)), limit=Count(MAX_FILE_BYTES)))
    return data


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
