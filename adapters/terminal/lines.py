"""Line-based input and output: real stdin/stdout, or an in-memory pair that tests drive."""

from __future__ import annotations

import asyncio
import codecs
import errno
import os
import re
import stat
import sys
from collections import deque
from typing import BinaryIO, Protocol, TextIO

from adapters.cli.pipes import OutputFailed, silence_stdout
from adapters.terminal.render import in_encoding, visible

MAX_LINE_CHARS = 500  # longer input is cut: nobody types an answer that long
LINE_BYTES = MAX_LINE_CHARS * 4  # what is kept of a line read: enough for MAX_LINE_CHARS characters of UTF-8
CHUNK = 65536  # bytes read from a pipe or terminal at a time
LINE_BREAK = re.compile(rb"[\r\n]")  # CR LF is one break: the LF after a CR is passed over (see _after_cr)


class LineIO(Protocol):
    async def read_line(self, prompt: str) -> str | None:
        """The next line without its newline, or None at end of input."""
        ...

    def write(self, text: str) -> None: ...


class StdLineIO:
    """stdin/stdout. A pipe or terminal is read without blocking the event loop. Python sets a stream that was
    closed when it started (``<&-``) to None: no stdin reads as end of input, and no stdout shows nothing."""

    def __init__(self, stdin: TextIO | None = None, stdout: TextIO | None = None) -> None:
        self._stdin = stdin or sys.stdin
        self._stdout = stdout or sys.stdout
        self._reader: asyncio.StreamReader | None = None
        self._first = True  # the first line may start with a byte order mark
        self._pending = b""  # read past the last line returned
        self._after_cr = False  # the last line ended with a CR: an LF next is the rest of its CR LF
        self._reader_gone = False  # whoever read the output went away (`quiztutor play | head -3`)
        # Told when input is first read: a pipe's transport closes stdin at its end, where fileno() fails.
        self._on_terminal = False

    async def _stream(self) -> asyncio.StreamReader | None:
        """A non-blocking reader for a terminal, pipe or socket; None for what never blocks (a file, /dev/null)."""
        if self._reader is not None:  # decided once: the pipe transport closes stdin at end of input
            return self._reader
        fd = self._stdin.fileno()
        mode = os.fstat(fd).st_mode
        self._on_terminal = os.isatty(fd)
        if stat.S_ISFIFO(mode) or stat.S_ISSOCK(mode) or self._on_terminal:
            reader = asyncio.StreamReader(limit=2**20)
            loop = asyncio.get_running_loop()
            await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(reader), self._reading_end())
            self._reader = reader
        return self._reader

    def _reading_end(self) -> BinaryIO | TextIO:
        """stdin, but a terminal opened afresh: asyncio makes what it reads non-blocking, and a terminal's stdin
        shares that flag with stdout (whose writes could then fail) and with the shell once we exit."""
        fd = self._stdin.fileno()
        if not os.isatty(fd):
            return self._stdin
        try:
            return open(os.open(os.ttyname(fd), os.O_RDONLY | os.O_NOCTTY), "rb", buffering=0)
        except OSError:  # no name for the terminal (some containers): share it after all
            return self._stdin

    async def read_line(self, prompt: str) -> str | None:
        if self._stdin is None:
            return None
        self._show(visible(prompt))
        if self._reader_gone:  # nobody sees the game any more: end it as if input had ended
            return None
        try:
            raw = await self._raw_line()
        except OSError as error:
            if error.errno not in (errno.EIO, errno.EBADF):
                raise
            # The terminal hung up (an ssh session dropped), or stdin was opened for writing (`0>file`): nobody
            # will type here, as with a closed stdin.
            raw = b""
        if not raw:
            return None
        if not raw.endswith(b"\n") and self._on_terminal:
            self._show("\n")  # letters then Ctrl-D: the terminal's cursor is still after them, not on a new line
        if self._first:  # a file saved with one (Windows' Notepad), piped in: not part of what was typed
            self._first, raw = False, raw.removeprefix(codecs.BOM_UTF8)
        return self._decoded(raw.removesuffix(b"\n"))[:MAX_LINE_CHARS]

    async def _raw_line(self) -> bytes:
        """The next line's bytes, with a newline byte after them if a line break ended it (LF, CR LF, or a lone CR,
        as some terminals and pipes send Enter); empty at end of input. A line of any length, cut to LINE_BYTES.
        Returned as soon as its break is read: a CR is not held back to see whether an LF follows."""
        kept = b""
        while True:
            if self._after_cr and self._pending:
                self._after_cr, self._pending = False, self._pending.removeprefix(b"\n")
            found = LINE_BREAK.search(self._pending)
            if found is not None:
                line, self._pending = self._pending[:found.start()], self._pending[found.end():]
                self._after_cr = found.group() == b"\r"
                return (kept + line)[:LINE_BYTES] + b"\n"
            kept, self._pending = (kept + self._pending)[:LINE_BYTES], b""
            self._pending = await self._chunk()
            if not self._pending:
                return kept

    async def _chunk(self) -> bytes:
        """What can be read now; nothing at end of input."""
        reader = await self._stream()
        # A regular file or /dev/null never blocks (and epoll refuses them), so it is read directly.
        if reader is not None:
            return await reader.read(CHUNK)
        # At most a chunk, then a turn for the event loop: /dev/zero (or a file with no line break) is one endless
        # line, which read whole took all memory, and without a turn Ctrl-C (asyncio's cancel) never got through.
        await asyncio.sleep(0)
        return self._stdin.buffer.readline(CHUNK)

    def _decoded(self, raw: bytes) -> str:
        """UTF-8, as nearly every terminal and file sends; else the locale's encoding, as an old ISO-8859-1 terminal
        sends "ç" (byte E7, never valid UTF-8 there), with "\ufffd" for what it can't read either."""
        try:
            return raw.decode("utf-8")
        except UnicodeDecodeError:
            return raw.decode(getattr(self._stdin, "encoding", None) or "utf-8", errors="replace")

    def write(self, text: str) -> None:
        self._show(visible(text) + "\n")

    def _show(self, text: str) -> None:
        if self._stdout is None or self._reader_gone:
            return
        # An old terminal, or a Windows file redirect, may lack "’" or "ẹ": "'" and "e" for those, the rest shown.
        encoding = getattr(self._stdout, "encoding", None) or "utf-8"
        try:
            self._stdout.write(in_encoding(text, encoding))
            self._stdout.flush()
        except OSError as error:
            # The reader closed the pipe early (`quiztutor play | head -3`), or the terminal hung up under the
            # game (EIO: an ssh session dropped, and SIGHUP ignored). A Unix tool would die of SIGPIPE or SIGHUP
            # there; the game ends itself at the next line it reads, quietly, and `quiztutor` exits 0
            # (adapters/cli/commands.py). What is still buffered, or written after (the goodbye), goes to
            # /dev/null: flushed to the closed pipe at exit it would print "Exception ignored ... BrokenPipeError".
            if not isinstance(error, BrokenPipeError) and error.errno != errno.EIO:
                raise OutputFailed(error) from error  # a full disk (`> /dev/full`): said, not a traceback
            self._reader_gone = True
            silence_stdout(self._stdout)


class ScriptedLineIO:
    """Feeds prepared lines and records everything written: a terminal for tests."""

    def __init__(self, lines: list[str]) -> None:
        self._lines = deque(lines)
        self.output: list[str] = []

    async def read_line(self, prompt: str) -> str | None:
        self.output.append(visible(prompt))
        return self._lines.popleft()[:MAX_LINE_CHARS] if self._lines else None

    def write(self, text: str) -> None:
        self.output.append(visible(text) + "\n")

    @property
    def transcript(self) -> str:
        return "".join(self.output)
