"""The scoring rules, with no I/O: what an answer to a session's question means (cosmicpython's domain style)."""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from bot.content.models import Question
from bot.records import QuizSession


class Refusal(Enum):
    NOT_CURRENT = "not current"  # the session is on another question (or over)
    OPTIONS_CHANGED = "options changed"  # a reload changed the options or the answer key since they were shown (or
    # since the order the answer names was shown): ask again
    OUT_OF_RANGE = "out of range"  # no such option


@dataclass(frozen=True)
class Verdict:
    option_id: str
    correct: bool


def order_key(order: Sequence[str], options: str | None = None) -> str:
    """A short name for an order of option ids, and what they say (``options``: Question.options_digest), that a
    button can carry (8 hex digits). Without ``options``: as buttons sent before it was named carry it."""
    named = [*order, options] if options is not None else order
    return hashlib.sha256("\n".join(named).encode()).hexdigest()[:8]


def judge(session: QuizSession, question: Question, option_index: int,
          order: str | None = None, *, key_shown: bool = False) -> Verdict | Refusal:
    """The verdict on choosing option ``option_index`` (0-based, in the order shown) of ``question``.

    An answer is judged against the options as the learner saw them (stored when the question was shown), so
    a reload that removed or reordered options can't turn a wrong choice into a right one. ``order``: the
    order_key of the options where the choice was made (a button's message), when it names it: a message from
    before the question was shown again in another order (asked again after a reload) is refused, not read by
    its place in the new order. ``key_shown``: the message answered on showed its answer key (a Telegram quiz
    poll marks the right option as the vote lands): a reload that names another key since is refused, while an
    answer on a message that never showed one (buttons, a Discord poll) is judged by the key served now.
    """
    if session.current_question_id != question.id:
        return Refusal.NOT_CURRENT
    shown = session.option_orders.get(question.id, [])
    if sorted(shown) != sorted(option.id for option in question.options):
        return Refusal.OPTIONS_CHANGED
    # What the options say changed: the learner chose a text, which another option's id may hold now.
    shown_options = session.shown_options(question.id)
    if shown_options not in (None, question.options_digest):
        return Refusal.OPTIONS_CHANGED
    if key_shown and session.shown_key(question.id) not in (None, question.answer):  # the poll showed the key it had
        return Refusal.OPTIONS_CHANGED
    # A message from before the options were last shown says other texts (or another order) with the same key: one
    # named without its texts is taken only for a question shown before they were kept.
    if order is not None and order not in (order_key(shown, question.options_digest),
                                           order_key(shown) if shown_options is None else None):
        return Refusal.OPTIONS_CHANGED
    if not 0 <= option_index < len(shown):
        return Refusal.OUT_OF_RANGE
    chosen = shown[option_index]
    return Verdict(chosen, chosen == question.answer)
