"""Engine replies -> Telegram calls: HTML messages, quiz polls linked to their question, the summary."""

from __future__ import annotations

import logging

from telegram import Bot, InlineKeyboardMarkup, LinkPreviewOptions, Poll
from telegram.constants import ParseMode, PollLimit
from telegram.error import TelegramError

from adapters.telegram import render
from adapters.telegram.actors import PLATFORM, is_private
from adapters.telegram.html_text import pack
from adapters.telegram.keyboards import retry_button
from adapters.telegram.poll_layout import poll_layout
from bot.engine import QuizEngine
from bot.replies import Actor, AnswerOutcome, Expired, Notice, QuestionView, Started, Summary

log = logging.getLogger(__name__)
NO_PREVIEW = LinkPreviewOptions(is_disabled=True)  # a reference link's preview would bury the quiz


def open_period(view: QuestionView) -> int | None:
    """How long the poll stays open: the question's time left, within what Telegram allows."""
    if view.seconds_left is None:
        return None
    return min(max(view.seconds_left, PollLimit.MIN_OPEN_PERIOD), PollLimit.MAX_OPEN_PERIOD)


class Sender:
    """Sends what the engine says; every poll it sends is linked in the database so answers survive restarts."""

    def __init__(self, bot: Bot, engine: QuizEngine) -> None:
        self._bot = bot
        self._engine = engine

    async def html(self, chat_id: str, blocks: list[str], keyboard: InlineKeyboardMarkup | None = None) -> None:
        """Blocks packed into as few messages as fit; the keyboard goes on the last one."""
        messages = pack(blocks)
        for index, text in enumerate(messages):
            last = index == len(messages) - 1
            await self._bot.send_message(chat_id, text, parse_mode=ParseMode.HTML,
                                         reply_markup=keyboard if last else None,
                                         link_preview_options=NO_PREVIEW)

    async def notice(self, chat_id: str, notice: Notice) -> None:
        await self.html(chat_id, [render.notice(notice)])

    async def started(self, chat_id: str, started: Started, actor: Actor, owner: str | None) -> None:
        shown_owner = None if is_private(chat_id, actor) else owner
        await self.question(chat_id, started.question, [render.intro(started, shown_owner)], shown_owner)

    async def outcome(self, outcome: AnswerOutcome, actor: Actor, owner: str | None) -> None:
        """After an answer or a skip: details that didn't fit the popup, then the next poll or the summary."""
        chat_id = outcome.chat_id or actor.user_id  # a private chat's id is the user's id
        shown_owner = None if is_private(chat_id, actor) else owner
        preface = [render.outcome_notice(outcome.notice, shown_owner), render.follow_up(outcome.feedback)]
        if isinstance(outcome.next, QuestionView):
            await self.question(chat_id, outcome.next, preface, shown_owner)
        else:
            await self.summary(chat_id, outcome.next, actor, owner, preface)

    async def question(self, chat_id: str, view: QuestionView, preface: list[str] | None = None,
                       owner: str | None = None) -> None:
        layout = poll_layout(view, owner)
        blocks = [*(preface or []), render.question_notices(view.notices), layout.lettered or ""]
        if any(blocks):
            await self.html(chat_id, blocks)
        message = await self._bot.send_poll(
            chat_id, layout.question, layout.options, is_anonymous=False, type=Poll.QUIZ,
            correct_option_ids=[layout.correct_index], explanation=layout.explanation or None,
            open_period=open_period(view))
        if message.poll is not None:
            await self._engine.link_message(PLATFORM, message.poll.id, view, chat_id)

    async def summary(self, chat_id: str, summary: Summary, actor: Actor, owner: str | None,
                      preface: list[str] | None = None) -> None:
        _ = await self._engine.localizer(actor)
        shown_owner = None if is_private(chat_id, actor) else owner
        await self.html(chat_id, [*(preface or []), render.summary(summary, shown_owner)], retry_button(summary, _))

    async def expired(self, expired: Expired) -> None:
        """A question's time ran out: say so where the quiz is played, then the next poll or the summary."""
        actor = expired.actor
        chat_id = expired.outcome.chat_id or actor.user_id
        owner = None if is_private(chat_id, actor) else await self._first_name(chat_id, actor.user_id)
        await self.outcome(expired.outcome, actor, owner)

    async def _first_name(self, chat_id: str, user_id: str) -> str | None:
        """Whose quiz it is, for a group; a sweep has no update that would name the learner."""
        try:
            return (await self._bot.get_chat_member(chat_id, int(user_id))).user.first_name
        except TelegramError as error:
            log.info("could not look up user %s in chat %s: %s", user_id, chat_id, error)
            return None

    async def reply(self, chat_id: str, reply: Started | Summary | AnswerOutcome | Notice, actor: Actor,
                    owner: str | None) -> None:
        """Any playing reply, where it belongs."""
        if isinstance(reply, Started):
            await self.started(chat_id, reply, actor, owner)
        elif isinstance(reply, Summary):
            await self.summary(chat_id, reply, actor, owner)
        elif isinstance(reply, AnswerOutcome):
            await self.outcome(reply, actor, owner)
        else:
            await self.notice(chat_id, reply)
