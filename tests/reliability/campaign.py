"""The kill -9 campaign: worker processes play and are killed at random moments (start-up and migrations
included); after every round the database must keep every invariant a learner relies on.

Used by tests/reliability/test_kill_campaign.py (a short run in CI) and by scripts/soak (a long one).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import signal
import sys
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from sqlalchemy import text
from sqlalchemy.engine import make_url

from bot.admins import AdminPolicy
from bot.content.catalog import Catalog
from bot.content.library import ContentLibrary
from bot.engine import QuizEngine
from bot.i18n import UiTexts
from bot.replies import Actor, Started
from storage.database import create_engine, sqlite_file
from storage.migrate import upgrade_to_head
from storage.unit_of_work import unit_of_work_factory
from tests.pg_cluster import empty_database
from tests.reliability.engine_model import stored_json

LONGEST_LIFE = 3.0  # seconds a worker may live: start-up and migrations take the first second or so
# Every other worker's life counts from the moment it is ready to play, so kills land in play even where start-up
# takes longer than LONGEST_LIFE (a loaded machine); the others' from their start, so kills land in start-up and
# migrations too.
KILLED_PLAYING = 0.5
READY_WAIT = 30.0  # seconds a worker killed while playing may take to get ready
FRESH_EVERY = 3  # every third round starts from an empty database, so kills land in migrations too


@dataclass
class Figures:
    kills: int = 0
    sessions: set[str] = field(default_factory=set)
    answers: int = 0  # answers the engine acknowledged to a worker before it died
    violations: list[str] = field(default_factory=list)

    def line(self, database: str) -> str:
        return (f"{database}: kills {self.kills}, sessions {len(self.sessions)}, acknowledged answers "
                f"{self.answers}, violations {len(self.violations)}")


async def run(url: str, content: Path, kills: int, *, workers: int = 2, seed: int = 0) -> Figures:
    """Kill ``kills`` workers, ``workers`` at a time, checking the invariants after each round."""
    rng = random.Random(seed)
    figures = Figures()
    library = ContentLibrary.load(content)
    round_number = 0
    while figures.kills < kills:
        if round_number % FRESH_EVERY == 0:
            await empty(url)
        lines = await asyncio.gather(*(live_and_die(url, content, rng.randrange(2**31), rng.uniform(0, LONGEST_LIFE),
                                                    from_ready=rng.random() < KILLED_PLAYING)
                                       for _ in range(min(workers, kills - figures.kills))))
        figures.kills += len(lines)
        said = [line for worker in lines for line in worker]
        figures.answers += sum(1 for line in said if line["kind"] == "answered")
        figures.violations += [f"round {round_number}: {problem}"
                               for problem in await check(url, library.catalog, said, figures.sessions)]
        round_number += 1
    return figures


async def live_and_die(url: str, content: Path, seed: int, life: float, *, from_ready: bool = False
                       ) -> list[dict[str, Any]]:
    """Start a worker, SIGKILL it after ``life`` seconds (counted from when it said it is ready, if
    ``from_ready``), and return the JSON lines it managed to print."""
    worker = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "tests.reliability.worker", url, str(content), str(seed),
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.DEVNULL)
    assert worker.stdout is not None
    said: list[dict[str, Any]] = []
    if from_ready:
        with contextlib.suppress(TimeoutError):
            async with asyncio.timeout(READY_WAIT):
                while not any(line["kind"] == "ready" for line in said) and (raw := await worker.stdout.readline()):
                    said += _lines(raw)
    await asyncio.sleep(life)
    if worker.returncode is None:
        worker.send_signal(signal.SIGKILL)
    output, _ = await worker.communicate()
    return said + _lines(output)


def _lines(output: bytes) -> list[dict[str, Any]]:
    said = []
    for raw in output.decode(errors="replace").splitlines():
        try:
            said.append(json.loads(raw))
        except ValueError:
            continue  # the last line, cut by the kill
    return said


async def empty(url: str) -> None:
    parsed = make_url(url)
    if parsed.get_backend_name() == "sqlite":
        if (file := sqlite_file(parsed)) is not None:
            _remove_sqlite_files(file)
    else:
        await empty_database(url)


def _remove_sqlite_files(file: Path) -> None:
    for suffix in ("", "-wal", "-shm"):
        file.with_name(file.name + suffix).unlink(missing_ok=True)


async def check(url: str, catalog: Catalog, said: list[dict[str, Any]], seen: set[str]) -> list[str]:
    """Every invariant, on the database as the killed workers left it."""
    database = create_engine(url)
    try:
        await upgrade_to_head(database)  # a kill during migrations must leave a database that still migrates
        async with database.connect() as connection:
            sessions = [row._asdict() for row in await connection.execute(text(
                "SELECT s.id, s.quiz_id, s.state, s.position, s.question_ids, s.option_orders, u.platform_user_id "
                "FROM quiz_sessions s JOIN users u ON u.id = s.user_id"))]
            answers = [row._asdict() for row in await connection.execute(text(
                "SELECT session_id, question_id, option_id, correct FROM answers"))]
        problems = stored_problems(catalog, sessions, answers) + acknowledged_problems(said, answers)
        problems += await resume_problems(database, catalog, sessions, said)
    finally:
        await database.dispose()
    seen.update(session["id"] for session in sessions)
    return problems


def stored_problems(catalog: Catalog, sessions: list[dict[str, Any]], answers: list[dict[str, Any]]) -> list[str]:
    problems = []
    keys = [(answer["session_id"], answer["question_id"]) for answer in answers]
    if len(keys) != len(set(keys)):
        problems.append("an answer is stored twice")
    for session in sessions:
        mine = [answer for answer in answers if answer["session_id"] == session["id"]]
        total = len(stored_json(session["question_ids"]))
        if session["position"] != len(mine):
            problems.append(f"session {session['id']}: position {session['position']} but {len(mine)} answered "
                            "or skipped")
        if session["state"] == "finished" and session["position"] != total:
            problems.append(f"session {session['id']}: finished at {session['position']} of {total}")
        quiz = catalog.get(session["quiz_id"])
        for answer in mine:
            question = quiz.question(answer["question_id"]) if quiz else None
            right = question is not None and answer["option_id"] == question.answer
            if bool(answer["correct"]) != right:
                problems.append(f"session {session['id']}: {answer['question_id']} scored {answer['correct']} "
                                f"for {answer['option_id']}")
    return problems


def acknowledged_problems(said: list[dict[str, Any]], answers: list[dict[str, Any]]) -> list[str]:
    """An answer the engine acknowledged was on disk: a kill right after must not lose it."""
    stored = {(answer["session_id"], answer["question_id"]): answer for answer in answers}
    problems = []
    for line in (line for line in said if line["kind"] == "answered"):
        answer = stored.get((line["session"], line["question"]))
        if answer is None:
            problems.append(f"acknowledged answer lost: {line}")
        elif bool(answer["correct"]) != line["correct"]:
            problems.append(f"acknowledged answer changed: {line} vs {answer}")
    return problems


async def resume_problems(database: Any, catalog: Catalog, sessions: list[dict[str, Any]],
                          said: list[dict[str, Any]]) -> list[str]:
    """Each open session resumes at its current question, in the order the learner saw its options."""
    engine = QuizEngine(library=ContentLibrary(Path("."), catalog), unit_of_work=unit_of_work_factory(
        database, _now), texts=UiTexts({}), admins=AdminPolicy(), clock=_now, rng=random.Random(0))
    last_seen = {(line["session"], line["question"]): line["options"] for line in said if line["kind"] == "shown"}
    problems = []
    for session in (session for session in sessions if session["state"] == "active"):
        resumed = await engine.start(Actor("terminal", session["platform_user_id"]), session["quiz_id"])
        if not isinstance(resumed, Started) or resumed.question.session_id != session["id"]:
            problems.append(f"session {session['id']} did not resume: {resumed}")
            continue
        view = resumed.question
        expected = stored_json(session["question_ids"])[session["position"]]
        quiz = catalog.get(session["quiz_id"])
        question = quiz.question(expected) if quiz else None
        order = stored_json(session["option_orders"]).get(expected, [])
        texts = [option.text["en"] for option_id in order if question and (option := question.option(option_id))]
        if view.question_id != expected or list(view.options) != texts:
            problems.append(f"session {session['id']} resumed at {view.question_id} {view.options}, "
                            f"stored {expected} {texts}")
        seen = last_seen.get((session["id"], view.question_id))
        if seen is not None and seen != list(view.options):
            problems.append(f"session {session['id']}: options were {seen}, now {list(view.options)}")
    return problems


def _now() -> datetime:
    return datetime.now(UTC)
