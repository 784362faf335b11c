"""Closing the polls an action leaves open when showing its reply fails: those of quizzes left behind close (the
switch is kept), each on its own, and the failure that stopped the reply is the one reported."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from adapters.left_open import closing_left_open
from bot.delivery import Shown, Surface
from bot.records import MessageLink
from bot.replies import AnswerOutcome, Notice, NoticeCode, QuestionView, Started, Summary

QUESTION = QuestionView(session_id="s2", quiz_id="q", question_id="q1", number=1, total=3, label="Question 1 of 3",
                        prompt="Which?", options=("a", "b"), correct_index=0, explanation="", language="en")


def poll(key: str) -> MessageLink:
    return MessageLink("test", key, "s1", "q1", "chat", datetime(2025, 1, 1, tzinfo=UTC), key)


def nowhere(_reply: Shown) -> Surface | None:
    return None


async def test_when_showing_fails_the_quizzes_left_behind_close_and_the_question_asked_again_keeps_its_poll() -> None:
    closed: list[str] = []

    async def close(link: MessageLink) -> None:
        if link.message_key == "broken":  # e.g. the network drops mid-call
            raise ConnectionError("reset by peer")
        closed.append(link.message_key)

    resumed = Started(QUESTION, resumed=True, intro="Welcome back", asked_before=poll("asked-before"),
                      left_behind=(poll("broken"), poll("other-quiz")))
    with pytest.raises(RuntimeError, match="the new poll was refused"):
        async with closing_left_open(close, nowhere) as shown:
            shown(resumed)  # as the engine does, once the action is kept, to show its reply
            raise RuntimeError("the new poll was refused")
    # One that fails to close stops neither the others nor the report of why the reply failed; the question's old
    # poll stays open: its new one never went out, and the old one still answers it.
    assert closed == ["other-quiz"]


async def test_once_shown_every_poll_left_asking_for_nothing_closes() -> None:
    closed: list[str] = []

    async def close(link: MessageLink) -> None:
        closed.append(link.message_key)

    resumed = Started(QUESTION, resumed=True, intro="Welcome back", asked_before=poll("asked-before"),
                      left_behind=(poll("other-quiz"),))
    async with closing_left_open(close, nowhere) as shown:
        shown(resumed)
    assert closed == ["asked-before", "other-quiz"]


async def test_when_showing_the_next_question_fails_the_skipped_questions_poll_still_closes() -> None:
    closed: list[str] = []

    async def close(link: MessageLink) -> None:
        closed.append(link.message_key)

    skipped = AnswerOutcome(None, QUESTION, "chat", "Question 1 skipped.", skipped_poll=poll("skipped"))
    with pytest.raises(RuntimeError):
        async with closing_left_open(close, nowhere) as shown:
            shown(skipped)
            raise RuntimeError("the next poll was refused")
    assert closed == ["skipped"]  # the skip is kept: a vote there would count for nothing


async def test_the_polls_a_notice_returned_leaves_close_though_it_was_shown_through_nothing() -> None:
    """A review round of an earlier day ended with nothing due to start today: the Notice saying so comes back to
    the adapter, not through the target, and carries the old round's poll."""
    closed: list[str] = []

    async def close(link: MessageLink) -> None:
        closed.append(link.message_key)

    nothing_due = Notice("Nothing is due for review right now.", NoticeCode.NOTHING_DUE,
                         left_behind=(poll("old-round"),))
    async with closing_left_open(close, nowhere) as shown:
        assert shown.returned(nothing_due) is nothing_due
    assert closed == ["old-round"]


@pytest.mark.parametrize("reply", [
    Notice("Nothing is due for review right now.", NoticeCode.NOTHING_DUE, left_behind=(poll("old-round"),)),
    Summary("s1", "q", "Quiz finished: Q", "You scored 1 out of 1 questions.", 1, 1, (), 0, None,
            left_behind=(poll("old-round"),)),
], ids=["notice", "summary"])
async def test_when_sending_a_notice_or_summary_fails_the_round_it_ended_still_closes(reply: Notice | Summary) -> None:
    """/quiz alone that ended a review round of an earlier day: the old round's poll goes though the reply didn't."""
    closed: list[str] = []

    async def close(link: MessageLink) -> None:
        closed.append(link.message_key)

    with pytest.raises(ConnectionError):
        async with closing_left_open(close, nowhere) as shown:
            shown.returned(reply)
            raise ConnectionError("the reply's send failed")
    assert closed == ["old-round"]
