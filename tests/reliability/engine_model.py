"""What the engine state machine (test_engine_state_machine.py) reads and keeps: the database as it stands, the
invariants between two readings of it, and a Surface that records what each learner was shown.

Between any two steps: nothing escapes the engine; no answer is stored twice, changed or lost (the first is
final); a session's position never goes back, stays within its questions and equals its answered or skipped
ones; nothing finished or stopped comes back; one active session per quiz; scores match the key; a question
shown is its session's open one with its options in the first order; every reply is in the learner's language.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from sqlalchemy import text
from sqlalchemy.ext.asyncio import AsyncEngine

from adapters.settings import default_content_dir
from bot.content.catalog import Catalog
from bot.delivery import Asked
from bot.i18n import UiTexts
from bot.replies import AnswerOutcome, Feedback, QuestionView, Started, Summary
from bot.review_quiz import REVIEW_QUIZ_ID, split_ref
from storage.database import create_engine
from storage.migrate import upgrade_to_head


@dataclass(frozen=True)
class StoredSession:
    user: str  # the learner's platform user id
    quiz_id: str
    state: str
    position: int
    question_ids: tuple[str, ...]
    option_orders: dict[str, list[str]]

    @property
    def current(self) -> str | None:
        """The question open in it, as QuizSession.current_question_id says."""
        return self.question_ids[self.position] if self.state == "active" and self.position < len(
            self.question_ids) else None


@dataclass(frozen=True)
class Stored:
    """The database between two steps: sessions by id, answers by (session, question) as (option, correct)."""
    sessions: dict[str, StoredSession]
    answers: dict[tuple[str, str], tuple[str | None, bool]]
    answer_rows: int  # every row: more than ``answers`` holds if one was stored twice


async def read_stored(database: AsyncEngine) -> Stored:
    async with database.connect() as connection:
        sessions = {row.id: StoredSession(row.platform_user_id, row.quiz_id, row.state, row.position,
                                          tuple(stored_json(row.question_ids)), stored_json(row.option_orders))
                    for row in await connection.execute(text(
                        "SELECT s.id, s.quiz_id, s.state, s.position, s.question_ids, s.option_orders, "
                        "u.platform_user_id FROM quiz_sessions s JOIN users u ON u.id = s.user_id"))}
        rows = list(await connection.execute(text("SELECT session_id, question_id, option_id, correct FROM answers")))
    answers = {(row.session_id, row.question_id): (row.option_id, bool(row.correct)) for row in rows}
    return Stored(sessions, answers, len(rows))


def stored_problems(catalog: Catalog, before: Stored, after: Stored) -> list[str]:
    """What must hold of any database the engine leaves, and of any two readings one step apart."""
    problems = [] if after.answer_rows == len(after.answers) else ["an answer is stored twice"]
    for key, answer in before.answers.items():
        if after.answers.get(key) != answer:  # the first answer is final: never changed, never lost
            problems.append(f"answer {key} was {answer}, now {after.answers.get(key)}")
    active: set[tuple[str, str]] = set()
    for session_id, session in after.sessions.items():
        mine = [key for key in after.answers if key[0] == session_id]
        if not 0 <= session.position <= len(session.question_ids) or session.position != len(mine):
            problems.append(f"session {session_id} at {session.position} of {len(session.question_ids)} with "
                            f"{len(mine)} answered or skipped")
        if session.state == "finished" and session.position != len(session.question_ids):
            problems.append(f"session {session_id} finished at {session.position}")
        if (earlier := before.sessions.get(session_id)) is not None:
            if session.position < earlier.position:
                problems.append(f"session {session_id} went back from {earlier.position} to {session.position}")
            if earlier.state != "active" and session.state != earlier.state:
                problems.append(f"session {session_id} went from {earlier.state} to {session.state}")
        if session.state == "active":
            if (session.user, session.quiz_id) in active:
                problems.append(f"{session.user} has two active sessions of {session.quiz_id}")
            active.add((session.user, session.quiz_id))
        for question_id in session.question_ids[:session.position]:
            option, correct = after.answers.get((session_id, question_id), (None, False))
            if option is not None and correct != (option == answer_key(catalog, session.quiz_id, question_id)):
                problems.append(f"{session_id}/{question_id}: {option} scored {correct}")
    return problems


def answer_key(catalog: Catalog, quiz_id: str, question_id: str) -> str | None:
    if quiz_id == REVIEW_QUIZ_ID:
        quiz_id, question_id = split_ref(question_id)
    quiz = catalog.get(quiz_id)
    question = quiz.question(question_id) if quiz else None
    return question.answer if question else None


def view_problems(view: QuestionView, stored: Stored, seen: dict[tuple[str, str, str], tuple[str, ...]]) -> list[str]:
    """A question shown is its session's open question, numbered as stored, with the options in the order the
    learner first saw them (in that language)."""
    session = stored.sessions.get(view.session_id)
    if session is None or session.current != view.question_id:
        return [f"shown {view.session_id}/{view.question_id} but {session.current if session else 'no session'} "
                "is open"]
    problems = []
    if (view.number, view.total) != (session.position + 1, len(session.question_ids)):
        problems.append(f"shown as {view.number}/{view.total} at {session.position} of {len(session.question_ids)}")
    if len(view.options) != len(session.option_orders.get(view.question_id, [])):
        problems.append(f"{view.question_id} shown with {len(view.options)} options, stored "
                        f"{session.option_orders.get(view.question_id)}")
    first = seen.setdefault((view.session_id, view.question_id, view.language), view.options)
    if first != view.options:
        problems.append(f"{view.question_id} shown as {view.options}, first as {first}")
    return problems


@cache
def shipped_texts() -> UiTexts:
    """The shipped translations, read once for the whole run: reading them is most of a start-up's time."""
    return UiTexts.load(default_content_dir() / "locales")


async def opened_database(url: str) -> AsyncEngine:
    """A SQLite file migrated to the current schema, as adapters.runtime opens one."""
    migrator = create_engine(url, pool_size=1)
    try:
        await upgrade_to_head(migrator)
    finally:
        await migrator.dispose()
    return create_engine(url)


def language_problems(language: str, reply: object) -> list[str]:
    """Every part of a reply is in the learner's language (a question's own words too; its text may be English
    for want of a translation)."""
    said = [reply, *((reply.next,) if isinstance(reply, AnswerOutcome) else ())]
    views = [part for part in said if isinstance(part, QuestionView)]
    views += [reply.question] if isinstance(reply, Started) else []
    return ([f"{type(part).__name__} in {part.language}, learner reads {language}" for part in said
             if getattr(part, "language", language) != language and not isinstance(part, QuestionView)] +
            [f"question's words in {view.words_language}" for view in views if view.words_language != language])


@dataclass
class RecordingSurface:
    """One learner's chat: every question asked on a poll with a key of its own, linked by the engine."""
    chat_id: str | None
    polls: list[str]  # shared by all surfaces, across restarts: a key is never reused
    asked: list[tuple[str, QuestionView]] = field(default_factory=list)  # (poll key, question), oldest first
    said: list[object] = field(default_factory=list)

    async def say(self, line: str) -> None:
        self.said.append(line)

    async def feedback(self, feedback: Feedback) -> None:
        self.said.append(feedback)

    async def ask(self, question: QuestionView, intro: str | None) -> Asked | None:
        key = f"poll-{len(self.polls)}"
        self.polls.append(key)
        self.asked.append((key, question))
        return Asked(key)

    async def summarize(self, summary: Summary) -> None:
        self.said.append(summary)

    async def flush(self) -> None:
        pass


def stored_json(value: Any) -> Any:
    """A JSON column as read: SQLite gives its text, asyncpg the value."""
    return json.loads(value) if isinstance(value, str) else value
