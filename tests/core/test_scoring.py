"""The scoring rules on their own: no storage, no engine, just a session, a question and a choice."""

from __future__ import annotations

from datetime import UTC, datetime

from bot.content.models import Question
from bot.records import QuizSession, SessionState
from bot.scoring import Refusal, Verdict, judge, order_key

QUESTION = Question.model_validate({
    "id": "q1", "answer": "all-reduce", "prompt": {"en": "Which?"}, "explanation": {"en": "Because."},
    "options": [{"id": option, "text": {"en": option}} for option in ("broadcast", "all-reduce", "scatter")]})
MOMENT = datetime(2026, 1, 1, tzinfo=UTC)


def session_on(question_id: str = "q1", shown: list[str] | None = None, position: int = 0,
               state: SessionState = SessionState.ACTIVE) -> QuizSession:
    order = shown if shown is not None else ["scatter", "all-reduce", "broadcast"]
    return QuizSession("s", 1, "quiz", None, [question_id, "q2"], {question_id: order}, MOMENT, MOMENT,
                       position=position, state=state)


def test_the_index_counts_in_the_order_shown() -> None:
    assert judge(session_on(), QUESTION, 1) == Verdict("all-reduce", correct=True)
    assert judge(session_on(), QUESTION, 0) == Verdict("scatter", correct=False)


def test_an_index_outside_the_options_is_refused() -> None:
    assert judge(session_on(), QUESTION, 3) is Refusal.OUT_OF_RANGE
    assert judge(session_on(), QUESTION, -1) is Refusal.OUT_OF_RANGE


def test_options_that_changed_since_they_were_shown_are_refused_rather_than_misread() -> None:
    removed = session_on(shown=["scatter", "broadcast", "all-reduce", "reduce"])  # "reduce" is gone
    assert judge(removed, QUESTION, 1) is Refusal.OPTIONS_CHANGED
    added = session_on(shown=["scatter", "all-reduce"])  # "broadcast" came later
    assert judge(added, QUESTION, 1) is Refusal.OPTIONS_CHANGED


def test_only_the_current_question_of_an_open_session_can_be_answered() -> None:
    assert judge(session_on(position=1), QUESTION, 1) is Refusal.NOT_CURRENT
    assert judge(session_on(state=SessionState.FINISHED), QUESTION, 1) is Refusal.NOT_CURRENT


def test_a_choice_made_where_another_order_was_shown_is_refused_rather_than_read_by_its_place() -> None:
    session = session_on()  # shown now: scatter, all-reduce, broadcast
    assert judge(session, QUESTION, 1, order_key(["scatter", "all-reduce", "broadcast"])) == Verdict("all-reduce",
                                                                                                     correct=True)
    assert judge(session, QUESTION, 1, order_key(["all-reduce", "broadcast", "scatter"])) is Refusal.OPTIONS_CHANGED
    assert judge(session, QUESTION, 1) == Verdict("all-reduce", correct=True)  # naming no order: the one shown
