"""Updates a stop cut short in polling mode, kept in a file for the next start to handle.

PTB's next getUpdates tells Telegram an update was handled (its offset) as soon as PTB has fetched it, and its
last one at a stop does the same for the rest: an update whose handler the stop cancelled (stopping.py: one
waiting out a long 429, or a database that stopped answering) would never come again, and nobody would answer
the learner's command or vote. Only one process polls for a bot, so its own file in the data folder is enough, and
it holds even with the database out of reach. A webhook needs none: Telegram, never answered, delivers it again.
While the bot runs, the same file holds the updates fetched and not handled yet (fetched.py): a process killed
(kill -9, out of memory, the power) leaves them there, for the next start as well.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable, Sequence
from datetime import datetime
from pathlib import Path
from typing import Any

from telegram import Bot, Update
from telegram.ext import Application

from adapters.telegram.fetched import FetchedUpdates, RecordingBot, entry, write_entries
from adapters.telegram.update_kinds import update_kind
from adapters.telegram.update_processor import UpdateProcessor

log = logging.getLogger(__name__)

MAX_STARTS = 3  # starts that may take an update a process died handling (fetched.py): see poisonous


class CutShort:
    """The file of the updates a stop cut short, for a polling adapter: handled first at start, written at stop;
    meanwhile, of those fetched and not handled yet (fetched.py), for a process killed in between."""

    def __init__(self, folder: Path, clock: Callable[[], datetime] | None = None) -> None:
        """``clock``: the engine's, to time a poll answer as it came in."""
        self._folder = folder
        self._clock = clock
        self._path: Path | None = None
        self._fetched: FetchedUpdates | None = None

    def handle_again(self, app: Application[Any, Any, Any, Any, Any, Any]) -> int:
        """Queue the updates an earlier stop cut short (or a crash left unhandled), ahead of Telegram's; how many.
        Each leaves the file once handled, as each fetched from now on: a crash later must not bring them back."""
        self._path = path = kept_file(self._folder, app.bot.id)
        updates, self._fetched = taken_again(path, app.bot, self._clock)
        processor = app.update_processor
        for update, arrived in updates:
            if isinstance(processor, UpdateProcessor):
                processor.again(update, arrived)
            app.update_queue.put_nowait(update)  # the queue has no bound
        if isinstance(processor, UpdateProcessor) and isinstance(app.bot, RecordingBot):
            processor.handled = self._fetched.handled
            app.bot.keep_fetched_in(self._fetched)
        return len(updates)

    def keep(self, app: Application[Any, Any, Any, Any, Any, Any]) -> None:
        """Once stopped: write the updates this stop cut short, replacing the file read at start."""
        if self._fetched is not None:
            self._fetched.close()
        processor = app.update_processor
        if self._path is not None and isinstance(processor, UpdateProcessor):
            keep(self._path, processor.cut_short())


def kept_file(folder: Path, bot_id: int) -> Path:
    """One bot's file: two bots may share a data folder."""
    return folder / f"telegram-updates-cut-short-{bot_id}.json"


def keep(path: Path, updates: Sequence[tuple[Update, datetime | None]]) -> None:
    """Write ``updates`` (each with when a poll answer came in) for the next start, replacing what the file held
    (the updates read from it at this start are handled now, or cut short again and among ``updates``); with
    none, remove it."""
    if not updates:
        path.unlink(missing_ok=True)
        return
    try:  # as a batch is kept, fsynced: a power cut after the stop keeps them (a kill as it writes, the file before)
        write_entries(path, [entry(update, arrived) for update, arrived in updates], durably=True)
    except OSError as error:
        log.error("could not keep %d update(s) a stop cut short in %s (%s): they are lost", len(updates), path,
                  error)
        return
    log.warning("stopping: %d update(s) cut short kept in %s, to be handled at the next start", len(updates), path)


def taken_again(path: Path, bot: Bot, clock: Callable[[], datetime] | None = None
                ) -> tuple[list[tuple[Update, datetime | None]], FetchedUpdates]:
    """The updates the file at ``path`` holds for this start to handle, each with when a poll answer came in, and
    the record of those fetched from now on, holding them too, this start counted (see poisonous)."""
    entries = [(update, arrived, starts) for update, arrived, starts in kept_with_starts(path, bot)
               if not poisonous(update, starts)]
    fetched = FetchedUpdates(path, clock, [(update, arrived, starts + 1) for update, arrived, starts in entries])
    return [(update, arrived) for update, arrived, _starts in entries], fetched


def poisonous(update: Update, starts: int) -> bool:
    """Whether ``update`` was under way in each of the last MAX_STARTS processes, none of which lived to handle it:
    one that kills whoever handles it (out of memory) would otherwise keep the bot down for everyone."""
    if starts < MAX_STARTS:
        return False
    log.error("Telegram update %s (%s) was being handled by each of the last %d processes, and none lived to finish: "
              "not handled again", update.update_id, update_kind(update), starts)
    return True


def kept(path: Path, bot: Bot) -> list[tuple[Update, datetime | None]]:
    """The updates an earlier process left unhandled, oldest first, each with when a poll answer came in; the file
    stays until they are handled (fetched.py) or :func:`keep` replaces it."""
    return [(update, arrived) for update, arrived, _starts in kept_with_starts(path, bot)]


def kept_with_starts(path: Path, bot: Bot) -> list[tuple[Update, datetime | None, int]]:
    """As :func:`kept`, each with how many starts took it already (fetched.py counts them)."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return []
    except OSError as error:
        log.error("could not read the updates left unhandled from %s (%s): they are not handled", path, error)
        return []
    try:
        updates = [(Update.de_json(entry["update"], bot),
                    datetime.fromisoformat(entry["arrived"]) if entry["arrived"] else None, int(entry.get("starts", 0)))
                   for entry in json.loads(text)]
    except (ValueError, TypeError, KeyError) as error:  # not the JSON keep() writes: read once, never again
        log.error("the updates left unhandled in %s could not be read (%s): they are not handled", path, error)
        path.unlink(missing_ok=True)
        return []
    log.info("handling %d update(s) an earlier process left unhandled (its stop cut them short, or it died)",
             len(updates))
    return [(update, arrived, starts) for update, arrived, starts in updates if update is not None]

