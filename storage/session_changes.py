"""Which of a session's columns an update must write: those changed since the unit of work last read or wrote it.

An answer moves a session's position and time, and little else. Writing every column made SQLite rewrite the
entries of all the session's indexes (its state is in each of them) and encode its option orders as JSON
again: the costliest statement of an answer. Like an ORM's dirty tracking, only what changed is sent.
"""

from __future__ import annotations

from typing import Any

from bot.records import QuizSession


def mutable_columns(session: QuizSession) -> dict[str, Any]:
    """The columns an update may change, as the session holds them now."""
    return {"chat_id": session.chat_id, "option_orders": session.option_orders, "state": session.state.value,
            "position": session.position, "updated_at": session.updated_at, "finished_at": session.finished_at,
            "question_deadline": session.question_deadline, "asked_question": session.asked_question,
            "asked_answer": session.asked_answer, "asked_hash": session.asked_hash}


class SessionChanges:
    """What each session's row holds as one unit of work last read or wrote it (its repositories are bound anew
    for each unit of work, and a rolled-back one is gone with them)."""

    def __init__(self) -> None:
        self._stored: dict[str, dict[str, Any]] = {}

    def remember(self, session: QuizSession) -> QuizSession:
        """Note the session as its row holds it now; returns it."""
        self._stored[session.id] = _copied(mutable_columns(session))
        return session

    def to_write(self, session: QuizSession) -> dict[str, Any]:
        """The columns whose values differ from the row's as last seen: all of them for a session not seen in
        this unit of work."""
        current = mutable_columns(session)
        stored = self._stored.get(session.id)
        if stored is None:
            return current
        return {name: value for name, value in current.items() if stored[name] != value}

    def written(self, session_id: str, columns: dict[str, Any]) -> None:
        """Note columns as the row now holds them: only once their UPDATE has run, so that one which failed
        is still sent by the next update."""
        self._stored.setdefault(session_id, {}).update(_copied(columns))


def _copied(columns: dict[str, Any]) -> dict[str, Any]:
    """The values, with the option orders copied: the engine changes a session's orders in place."""
    orders = columns.get("option_orders")
    if orders is None:
        return dict(columns)
    return {**columns, "option_orders": {question_id: list(order) for question_id, order in orders.items()}}
