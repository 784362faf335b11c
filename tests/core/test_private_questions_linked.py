"""A question shown on buttons only its learner sees (Discord's private play) leaves a link, withdrawn from the start
and written before it is shown: on a platform that links every question it shows, an open question with no link
after one a poll asked is then one whose poll a crash lost (asked again), while one shown privately after a poll is
never taken for it (a poll of it would show a private quiz to the channel)."""

from __future__ import annotations

from datetime import timedelta
from typing import Literal

from bot.engine import QuizEngine
from bot.records import MessageLink
from bot.replies import Actor, AnswerOutcome, Feedback, QuestionView, Summary
from tests.core.play import next_question, start
from tests.core.wiring import QUESTION_LIMIT
from tests.fakes.clock import FixedClock
from tests.fakes.storage import FakeDatabase

ADA = Actor("discord", "ada", chat_id="840")


class PrivateButtons:
    """A learner's private screen: what it showed, and the links stored for each question as it was shown."""

    asks_privately: Literal[True] = True
    chat_id = "840"

    def __init__(self, fake_db: FakeDatabase) -> None:
        self._links = fake_db.state.links
        self.shown: list[tuple[QuestionView, list[MessageLink]]] = []

    async def say(self, text: str) -> None: ...

    async def feedback(self, feedback: Feedback) -> None: ...

    async def ask(self, question: QuestionView, intro: str | None) -> None:
        linked = [link for link in self._links.values() if link.question_id == question.question_id]
        self.shown.append((question, linked))

    async def summarize(self, summary: Summary) -> None: ...

    async def flush(self) -> None: ...


async def test_a_question_shown_privately_after_a_poll_is_linked_withdrawn_first_and_times_out_unasked(
        timed: QuizEngine, fake_db: FakeDatabase, clock: FixedClock) -> None:
    timed.asks_on_messages("discord")
    first = await start(timed, ADA)
    await timed.link_message("discord", "1579539617542045700", first, ADA.chat_id)  # question 1 a poll
    screen = PrivateButtons(fake_db)
    skipped = await timed.skip(ADA, screen)  # /skip private:True
    assert isinstance(skipped, AnswerOutcome), skipped
    second = next_question(skipped)
    [(shown, linked)] = screen.shown
    assert shown == second
    # Before: no link at all, so that nothing took one for a poll asking it.
    assert [(link.message_key.startswith("private:"), link.withdrawn_at) for link in linked] == [(True, clock.now)]

    clock.advance(QUESTION_LIMIT + timedelta(seconds=1))
    [expired] = await timed.expire_overdue("discord", unsent=True)
    # Timed out (told on her next click), not asked again as a poll where question 1's was.
    assert (expired.question_id, expired.link, expired.outcome.notice is not None) == (second.question_id, None, True)
    assert isinstance(expired.outcome.next, QuestionView) and expired.outcome.next.question_id != second.question_id
