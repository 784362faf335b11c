"""`quiztutor stats [--quiz ID] [--json]`: item statistics for authors, from the review log (bot/item_stats.py).

The JSON shape (``--json``), one entry per question in the catalog's order:

    {"weak_share": 0.05,
     "questions": [{"quiz": ID, "question": ID, "answered": N, "right": N, "p": float|null, "r_pb": float|null,
                    "distractors": [{"option": ID, "picked": N, "share": float|null, "weak": bool}]}]}

Floats are rounded to 4 places; null means there is nothing to compute (nobody answered, or r_pb is undefined).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from sqlalchemy import make_url
from sqlalchemy.exc import ArgumentError

from adapters.cli.exit_codes import ExitCode
from adapters.cli.pipes import written
from adapters.runtime import open_storage
from adapters.settings import Settings
from bot.content.catalog import Catalog
from bot.content.loader import load_quizzes
from bot.item_stats import WEAK_SHARE, ItemStat, item_statistics
from storage.database import sqlite_file
from storage.errors import DatabaseUnavailable, where
from storage.migrate import SchemaNotCurrent
from storage.server_timeouts import UNLIMITED

NO_ANSWERS = "No answers yet: item statistics appear once learners have answered questions."
LEGEND = (f"n: learners' first answers; p: share right; r_pb: discrimination against the rest of the quiz "
          f"(-: undefined); weak: wrong options fewer than {WEAK_SHARE:.0%} pick")


async def stats(settings: Settings, quiz_id: str | None, as_json: bool) -> int:
    """Print the table (or JSON) for one quiz or all; exit 1 for an unknown quiz id, or a topic that names several
    quizzes. With no answers yet: a one-line message (on stderr with --json, which still prints the JSON so
    scripts can parse it)."""
    out, err = sys.stdout, sys.stderr
    catalog = Catalog(tuple(load_quizzes(settings.content_dir)))
    # An id, or a topic as `play --quiz` takes; one that names several quizzes is refused with them, as the
    # bots ask which one: statistics of a quiz the author didn't mean would mislead.
    named = catalog.named(quiz_id) if quiz_id is not None else []
    if quiz_id is not None and len(named) != 1:
        known = ", ".join(quiz.id for quiz in named or catalog.quizzes)
        if named:
            print(f"quiztutor stats: {quiz_id!r} matches several quizzes in {settings.content_dir}: {known}; give "
                  "one of their ids", file=err)
        else:
            print(f"quiztutor stats: no quiz {quiz_id!r} in {settings.content_dir} (quizzes: {known})", file=err)
        return ExitCode.FAILED
    found = named[0] if named else None
    quiz_id = found.id if found is not None else None
    quizzes = [found] if found is not None else list(catalog.quizzes)
    try:
        url = make_url(settings.resolved_database_url)
        # Another SQLite driver's URL (sqlite:///..., the driver left out) is refused by open_storage below, as by
        # every command, whether its file is there or not: not taken for a database not made yet.
        database_file = sqlite_file(url) if url.get_driver_name() == "aiosqlite" else None
    except ArgumentError:  # not a URL: open_storage below says so as every command does (exit 4)
        database_file = None
    try:
        # A 0-byte file is an empty database to SQLite, and opening it in WAL mode writes its header: a change.
        empty = database_file is not None and database_file.is_file() and database_file.stat().st_size == 0
        # A mistyped QUIZ_DATA_DIR too; not one naming a file, where no database can ever be: refused below.
        never_made = database_file is not None and (empty or (not database_file.exists()
                                                              and _folder_could_hold(database_file)))
    except OSError:  # a folder on its way this user may not enter: refused below, as by play (exit 4), not a bug's
        empty = never_made = False  # PermissionError (exit 1)
    if never_made:
        reviews, no_answers = [], (f"{NO_ANSWERS} There is no database at {database_file} yet"
                                   f"{' (the file is empty)' if empty else ''}.")
    else:
        try:  # as it is: a read must not upgrade a schema that replicas of an older version still serve
            # One transaction reads every review: on a large deployment, longer than a learner's action may take.
            async with open_storage(settings, migrate=False, timeouts=UNLIMITED) as unit_of_work, \
                    unit_of_work() as uow:
                reviews, no_answers = await uow.reviews.of_quiz(quiz_id), NO_ANSWERS
        except DatabaseUnavailable as unavailable:
            if not _never_set_up(unavailable):
                raise
            place = where(settings.resolved_database_url)
            reviews, no_answers = [], f"{NO_ANSWERS} There are no tables in {place} yet."
    items = item_statistics(quizzes, reviews)
    nothing = all(item.answered == 0 for item in items)
    with written():
        if as_json:
            json.dump(to_json(items), out, indent=2)
            out.write("\n")
            if nothing:
                print(no_answers, file=err)
        elif nothing:
            print(no_answers, file=out)
        else:
            for line in table(items):
                print(line, file=out)
    return ExitCode.OK


def _folder_could_hold(file: Path) -> bool:
    """Whether ``file``'s nearest existing folder is one: no file stands where a folder above it must be."""
    above = file.parent
    while not above.exists() and above != above.parent:
        above = above.parent
    return above.is_dir()


def _never_set_up(unavailable: DatabaseUnavailable) -> bool:
    cause = unavailable.__cause__
    return isinstance(cause, SchemaNotCurrent) and cause.current is None


def table(items: list[ItemStat]) -> list[str]:
    """One row per question: quiz/question, n, p, r_pb, then the weak distractors as ``option picked/n``."""
    width = max(len("question"), *(len(f"{item.quiz_id}/{item.question_id}") for item in items))
    lines = [f"{'question':<{width}}  {'n':>5}  {'p':>5}  {'r_pb':>5}  weak distractors"]
    for item in items:
        weak = ", ".join(f"{d.option_id} {d.picked}/{item.answered}" for d in item.weak_distractors)
        lines.append(f"{item.quiz_id + '/' + item.question_id:<{width}}  {item.answered:>5}  {_number(item.p):>5}  "
                     f"{_number(item.r_pb):>5}  {weak}".rstrip())
    return [*lines, "", LEGEND]


def _number(value: float | None) -> str:
    return "-" if value is None else f"{value:.2f}"


def to_json(items: list[ItemStat]) -> dict[str, Any]:
    return {"weak_share": WEAK_SHARE, "questions": [{
        "quiz": item.quiz_id, "question": item.question_id, "answered": item.answered, "right": item.right,
        "p": _rounded(item.p), "r_pb": _rounded(item.r_pb),
        "distractors": [{"option": d.option_id, "picked": d.picked, "share": _rounded(d.share), "weak": d.weak}
                        for d in item.distractors],
    } for item in items]}


def _rounded(value: float | None) -> float | None:
    return None if value is None else round(value, 4)
