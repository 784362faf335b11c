"""The process locks beside a SQLite file (storage/process_lock.py): lock files, locked with ``flock``, which goes
with the process's descriptor, even after ``kill -9``. Where there is no ``flock`` (Windows) nothing is locked."""

from __future__ import annotations

import contextlib
import os
import re
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

from storage.held_lock import Agreement, Disagreement, LockHeld


def _fcntl() -> ModuleType | None:
    try:
        import fcntl
    except ImportError:  # not on this system (Windows): Telegram's 409 Conflict still stops a second poller
        return None
    return fcntl


def lock_file(database: Path, name: str) -> Path:
    return database.with_name(f"{database.name}.{safe(name)}.lock")


def safe(name: str) -> str:
    return re.sub(r"[^A-Za-z0-9_-]", "-", name)


@contextlib.contextmanager
def exclusive(database: Path, name: str) -> Iterator[None]:
    """Hold the lock ``name``; LockHeld at once if another process does."""
    if (fcntl := _fcntl()) is None:
        yield
        return
    descriptor = _open(lock_file(database, name))
    try:
        try:
            fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            raise LockHeld(name) from None
        yield
    finally:
        os.close(descriptor)  # closing releases the lock


@contextlib.contextmanager
def agreed(database: Path, agreement: Agreement) -> Iterator[None]:
    """Hold ``agreement``: a lock file for each value, locked shared by every process giving that value. The other
    values' files are probed (locked exclusively, at once, and let go): one that can't be is held by a process
    disagreeing, Disagreement. All under a gate (one more file, locked exclusively for these few steps), so that
    processes starting at once go one after the other: a probe never meets another process's probe, which would
    look like a holder, nor a lock being taken."""
    if (fcntl := _fcntl()) is None:
        yield
        return
    gate = _open(lock_file(database, agreement.name))
    mine: int | None = None
    try:
        fcntl.flock(gate, fcntl.LOCK_EX)  # another process holds it for a few system calls at most
        try:
            mine = _open(_value_file(database, agreement.name, agreement.value))
            try:
                fcntl.flock(mine, fcntl.LOCK_SH | fcntl.LOCK_NB)  # only a probe, under the gate, takes it otherwise
            except BlockingIOError:
                raise LockHeld(agreement.name) from None
            for value, path in _others(database, agreement):
                if _held(fcntl, path):
                    raise Disagreement(agreement.name, value)
        finally:
            fcntl.flock(gate, fcntl.LOCK_UN)
        yield
    finally:
        if mine is not None:
            os.close(mine)
        os.close(gate)


def _value_file(database: Path, name: str, value: int) -> Path:
    return lock_file(database, f"{name}-{value}")


def _others(database: Path, agreement: Agreement) -> list[tuple[int, Path]]:
    """The other values' files (left behind by processes that ended, or held), smallest value first."""
    pattern = re.compile(re.escape(f"{database.name}.{safe(agreement.name)}-") + r"(\d+)\.lock")
    found = [(int(match[1]), entry) for entry in database.parent.iterdir()
             if (match := pattern.fullmatch(entry.name)) is not None]
    return sorted((value, path) for value, path in found if value != agreement.value)


def unheld(database: Path, name: str) -> bool:
    """Whether no process holds the lock ``name``: looked at with a shared lock, taken and let go, so processes
    looking at once don't see each other, and the lock file is made by no look."""
    fcntl = _fcntl()
    return fcntl is None or not _held(fcntl, lock_file(database, name), shared=True)


def _held(fcntl: ModuleType, path: Path, *, shared: bool = False) -> bool:
    """Whether a process holds ``path``'s lock, found by trying it (exclusive, or ``shared``: then another shared
    look is no holder) and letting go at once; no file, no holder."""
    try:
        descriptor = os.open(path, os.O_RDONLY)  # enough to lock
    except FileNotFoundError:
        return False
    try:
        fcntl.flock(descriptor, (fcntl.LOCK_SH if shared else fcntl.LOCK_EX) | fcntl.LOCK_NB)
    except BlockingIOError:
        return True
    finally:
        os.close(descriptor)
    return False


def _open(path: Path) -> int:
    path.parent.mkdir(parents=True, exist_ok=True)
    return os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
