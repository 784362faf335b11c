"""Which message last asked each learner a question privately, for /skip to tell a command sent before it (and a
poll of the question still being taken away from the way it is asked now), and for a vote on a poll of theirs that
lost its link to tell whether their quiz went on privately since.

A private question (an ephemeral message with buttons) stores no link to its message: its buttons name their
question, and such a link would make it look poll-asked to all that reads links (a skip's next question posted as a
poll, the catch-up of votes, a time-out's reply under it). The engine stores one withdrawn from the start, under a
key of its own, before it is shown (delivery.AsksPrivately): it says the question went privately, nothing more.
Only a /skip needs its message, to compare snowflake ids with (see
moving_on.sent_before), and only within the moment two taps race: a learner's commands in one server (or in DMs)
all reach the process of its shard, which asked that question. So it is kept here, in memory, for the most recent
learners; a restart forgets it, and a skip then goes by the stored links, as before. A vote may come to another
process (a poll in a server of its shards, the quiz gone on privately in DMs) or after a restart: the engine tells
from the private question's link, or the session's time, that the question was asked since the poll was sent
(NoticeCode.ASKED_SINCE).
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass

from bot.replies import QuestionView

REMEMBERED = 10_000  # learners; one asked privately by more than this many since is forgotten


@dataclass(frozen=True)
class AskedPrivately:
    session_id: str
    question_id: str
    message_id: int
    first_id: int  # the message that first asked it privately (asked again since: resumed, in another language)


class PrivateAsks:
    def __init__(self, limit: int = REMEMBERED) -> None:
        self._limit = limit
        self._last: OrderedDict[int, AskedPrivately] = OrderedDict()

    def asked(self, user_id: int, question: QuestionView, message_id: int | None) -> None:
        """``question`` was just shown to ``user_id``; ``message_id``: its message's id, or a snowflake for when a
        deferred reply was edited into it (respond's; None: Discord didn't say)."""
        before = self._last.pop(user_id, None)
        if message_id is None:
            return
        if before is not None and (before.session_id, before.question_id) != (question.session_id,
                                                                                question.question_id):
            before = None  # another question: this message asks it first
        first_id = before.first_id if before is not None else message_id
        self._last[user_id] = AskedPrivately(question.session_id, question.question_id, message_id, first_id)
        while len(self._last) > self._limit:
            self._last.popitem(last=False)

    def first_message_id(self, user_id: int, session_id: str, question_id: str) -> int | None:
        """The message that first asked ``user_id`` this question privately, if it is the last question known."""
        last = self._last.get(user_id)
        return last.first_id if last is not None and (last.session_id, last.question_id) == (
            session_id, question_id) else None

    def asked_since(self, user_id: int, message_id: int) -> bool:
        """Whether a question was asked ``user_id`` privately after ``message_id`` was sent (snowflakes grow with
        time), as far as this process remembers."""
        last = self._last.get(user_id)
        return last is not None and last.message_id > message_id
