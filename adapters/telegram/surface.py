"""One learner's replies in one Telegram chat: lines gathered into one message, then the quiz poll or summary."""

from __future__ import annotations

import logging
import time

from telegram import Message, Poll
from telegram.constants import ParseMode, PollLimit

from adapters.telegram import render
from adapters.telegram.answers import MaybeCarriedOut
from adapters.telegram.chat import TelegramChat
from adapters.telegram.keyboards import retry_button
from adapters.telegram.poll_layout import poll_layout
from adapters.telegram.topics import place
from bot.delivery import Asked
from bot.replies import Feedback, QuestionView, Summary
from bot.text import shown_name

log = logging.getLogger(__name__)

HELD_BACK = 1.0  # seconds: a poll that took this long to go out was held back (flood control), its clock moved


def open_period(view: QuestionView) -> int | None:
    """How long the poll stays open: the question's time left, within what Telegram allows."""
    if view.seconds_left is None:
        return None
    return min(max(view.seconds_left, PollLimit.MIN_OPEN_PERIOD), PollLimit.MAX_OPEN_PERIOD)


class TelegramSurface:
    """``owner`` names whose quiz it is in a group (None in a private chat), since several may run side by side."""

    def __init__(self, chat: TelegramChat, chat_id: str, owner: str | None) -> None:
        self._chat = chat
        self._chat_id = chat_id
        self._owner = shown_name(owner or "") or None  # nothing visible: no name at all
        self._pending: list[str] = []  # said before the poll or summary, sent in one message with it

    @property
    def chat_id(self) -> str:
        return self._chat_id

    async def say(self, text: str) -> None:
        self._pending.append(render.outcome_notice(text, self._owner))

    async def feedback(self, feedback: Feedback) -> None:
        # The poll's popup already showed the explanation; in a group, this says whose answer it was.
        self._pending.append(render.follow_up(feedback, self._owner))

    async def ask(self, question: QuestionView, intro: str | None) -> Asked | None:
        started = time.monotonic()
        layout = poll_layout(question, self._owner)
        blocks = [*self._take(), render.intro(intro, self._owner) if intro else "",
                  render.question_notices(question.notices), layout.lettered or ""]
        if any(blocks):
            try:
                self._chat_id = await self._chat.html_where(self._chat_id, blocks)
            except MaybeCarriedOut as error:  # not sent again (network.resendable); the question must go out still
                log.warning("the text before a quiz poll in chat %s may not have gone out: %s", self._chat_id, error)
        period = open_period(question)

        async def send(to: str) -> Message:
            where = place(to)
            return await self._chat.bot.send_poll(
                where.chat, layout.question, layout.options, message_thread_id=where.topic, is_anonymous=False,
                type=Poll.QUIZ,
                correct_option_ids=[layout.correct_index],  # type: ignore[list-item]  # PTB types each as a literal
                explanation=layout.explanation or None, explanation_parse_mode=ParseMode.HTML,
                open_period=period)
        # A group that just became a supergroup: the poll, and its link (by chat_id), go to the new id.
        self._chat_id, message = await self._chat.following(self._chat_id, send)
        if message.poll is None:
            return None
        # Votes come back naming the poll; closing it (stopPoll) names its message. Its countdown starts as it
        # appears: one held back starts late, and the question's deadline moves to match.
        late = period if time.monotonic() - started >= HELD_BACK else None
        return Asked(message.poll.id, str(message.message_id), late)

    async def summarize(self, summary: Summary) -> None:
        self._chat_id = await self._chat.html_where(
            self._chat_id, [*self._take(), render.summary(summary, self._owner)], retry_button(summary))

    async def flush(self) -> None:
        if pending := self._take():
            self._chat_id = await self._chat.html_where(self._chat_id, pending)

    def _take(self) -> list[str]:
        pending, self._pending = self._pending, []
        return pending
