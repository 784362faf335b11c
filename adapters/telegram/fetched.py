"""Updates fetched by long polling, kept on disk until handled.

PTB's next getUpdates tells Telegram a batch was handled (its offset) as soon as PTB has fetched it, so a process
killed with updates fetched and not yet handled (kill -9, out of memory, the power) lost them for good: a learner's
command or vote never answered, and nothing knew at the restart. Each batch is written to the file cut_short.py
reads at start, before PTB hands its updates out: atomically and fsynced, once per batch. Each update handled
leaves it with a plain rewrite (no fsync: a power cut may bring one back, handled again, which the engine takes at
most once); with none left, the file goes. At start its updates are handled first (CutShort.handle_again).
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import logging
import os
from collections.abc import Callable, Iterable, Sequence
from dataclasses import replace
from datetime import datetime
from pathlib import Path
from typing import Any

from telegram import Update

from adapters.telegram.press_answers import OnceAnsweringBot
from adapters.telegram.typed_commands import Context
from adapters.telegram.update_processor import UpdateProcessor
from bot.replies import Actor

log = logging.getLogger(__name__)


class FetchedUpdates:
    """The updates fetched and not handled yet, mirrored in ``path``."""

    def __init__(self, path: Path, clock: Callable[[], datetime] | None,
                 again: Iterable[tuple[Update, datetime | None, int]] = ()) -> None:
        """``again``: those the file held at start, queued again, each with the starts that took it, this one
        included (written at once: an update that kills its handler's process is not handled for ever, see
        cut_short.poisonous); still held until handled. Telegram's own copy of one (its confirmation had not
        reached it) is passed over by the update processor, so not held twice."""
        self._path = path
        self._clock = clock
        # Each held update as the file has it, in JSON: made once, not at every rewrite
        self._held: dict[int, str] = {update.update_id: entry(update, arrived, starts)
                                      for update, arrived, starts in again}
        self._again = set(self._held)
        self._names = itertools.count()  # a temporary file per write: a batch's, in a thread, beside a rewrite
        self._rewriting: asyncio.Handle | None = None
        self._closed = False
        self._failing = False  # the last write failed: said once, not at every batch
        for left in path.parent.glob(f"{path.name}.*.new"):  # by a process killed as it wrote (one polls a bot)
            with contextlib.suppress(OSError):
                left.unlink()
        if self._held:
            self._write(self._entries(), True)
        else:  # none, or none to take again (cut_short.poisonous)
            self._remove()

    async def fetched(self, updates: Sequence[Update]) -> None:
        """Before PTB hands ``updates`` out (and confirms them): held, and on disk, fsynced."""
        if self._closed:  # the stop's last getUpdates: what it brings, Telegram delivers again
            return
        arrived = self._clock() if self._clock is not None else None
        new = [update for update in updates if update.update_id not in self._again]
        for update in new:
            self._held[update.update_id] = entry(update, arrived if update.poll_answer is not None else None)
        if new:
            await asyncio.to_thread(self._write, self._entries(), True)

    def handled(self, update: Update) -> None:
        """``update`` is handled: gone from the file soon (once per turn of the event loop, however many)."""
        if self._held.pop(update.update_id, None) is None or self._closed or self._rewriting is not None:
            return
        self._rewriting = asyncio.get_running_loop().call_soon(self._rewrite)

    def close(self) -> None:
        """Stopped: the file is cut_short.py's to write now."""
        self._closed = True
        if self._rewriting is not None:
            self._rewriting.cancel()

    def _rewrite(self) -> None:
        self._rewriting = None
        if not self._held:
            self._remove()
        else:
            self._write(self._entries(), False)

    def _remove(self) -> None:
        with contextlib.suppress(OSError):  # a folder out of reach: its writes say so (_write)
            self._path.unlink(missing_ok=True)

    def _entries(self) -> list[str]:
        return [self._held[update_id] for update_id in sorted(self._held)]

    def _write(self, entries: list[str], durably: bool) -> None:
        try:
            write_entries(self._path, entries, durably, next(self._names))
        except OSError as error:  # handled all the same; only a crash meanwhile loses them
            if not self._failing:
                log.error("could not keep fetched updates in %s (%s): a crash before they are handled loses them "
                          "(said once, until it works again)", self._path, error)
            self._failing = True
            return
        if self._failing:
            log.info("fetched updates are kept in %s again", self._path)
            self._failing = False


def write_entries(path: Path, entries: list[str], durably: bool, serial: int = 0) -> None:
    """``entries`` (see entry) replace the file at ``path``, whole or not at all; ``durably``: fsynced, the rename
    too, before it returns (a power cut just after keeps them). ``serial``: a temporary file per write, two may
    be under way. Raises OSError, leaving no temporary file behind."""
    written = path.with_name(f"{path.name}.{os.getpid()}-{serial}.new")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)  # with PostgreSQL, nothing else may have made it
        with written.open("w", encoding="utf-8") as file:
            file.write(f"[{', '.join(entries)}]")  # cut_short.py's form
            if durably:
                file.flush()
                os.fsync(file.fileno())
        os.replace(written, path)
    except OSError:
        with contextlib.suppress(OSError):
            written.unlink(missing_ok=True)
        raise
    if durably:
        sync_folder(path.parent)


def entry(update: Update, arrived: datetime | None, starts: int = 0) -> str:
    return json.dumps({"update": update.to_dict(), "arrived": arrived.isoformat() if arrived else None,
                       "starts": starts})


def sync_folder(folder: Path) -> None:
    """The rename itself on disk (POSIX); a system that can't open a folder (Windows) has none to sync."""
    try:
        descriptor = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(descriptor)
    finally:
        os.close(descriptor)


def sent_again(actor: Actor, update: Update, context: Context) -> Actor:
    """``actor``, with when they sent ``update`` if it is one an earlier process may have handled in part before it
    died (Actor.sent_at): a /quiz whose question it asked is then not asked twice."""
    processor, message = context.application.update_processor, update.effective_message
    if isinstance(processor, UpdateProcessor) and processor.handled_again(update) and message is not None:
        return replace(actor, sent_at=message.date)
    return actor


class RecordingBot(OnceAnsweringBot):
    """A bot whose getUpdates keeps each batch (``fetched_updates``, set by a polling adapter) before PTB gets it."""

    __slots__ = ("fetched_updates",)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        with self._unfrozen():
            self.fetched_updates: FetchedUpdates | None = None

    def keep_fetched_in(self, fetched: FetchedUpdates) -> None:
        with self._unfrozen():  # PTB freezes its objects once built
            self.fetched_updates = fetched

    async def get_updates(self, *args: Any, **kwargs: Any) -> tuple[Update, ...]:
        updates = await super().get_updates(*args, **kwargs)
        if updates and self.fetched_updates is not None:
            await self.fetched_updates.fetched(updates)
        return updates
