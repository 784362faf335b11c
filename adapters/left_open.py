"""Closing the polls an engine action leaves asking for nothing, also when showing its reply failed.

The engine shows a reply after the action is kept: a vote back in a left quiz (or a start, a retry) has switched
the learner's quiz by then. Should showing the reply fail (a channel that refuses the next poll, a send that
fails), the quiz left behind must still not stay open to votes that would switch the learner back.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import TypeVar

from bot.delivery import Shown, Surface, Target, polls_to_close, surface_for
from bot.records import MessageLink
from bot.replies import AnswerOutcome, Notice, Started, Summary

log = logging.getLogger(__name__)

Close = Callable[[MessageLink], Awaitable[object]]
Reply = TypeVar("Reply")


class Showing:
    """A delivery target that remembers the reply the engine showed (or tried to show) through it."""

    def __init__(self, target: Target) -> None:
        self._target = target
        self.reply: object = None  # Shown, or what the action returned (see returned)

    def __call__(self, reply: Shown) -> Surface | None:
        self.reply = reply
        return surface_for(self._target, reply)

    def returned(self, reply: Reply) -> Reply:
        """The action's reply, also one it showed nothing of (a Notice), whose polls are closed as a shown one's:
        a review round of an earlier day ended with nothing due to start in its place."""
        self.reply = reply
        return reply


@contextlib.asynccontextmanager
async def closing_left_open(close: Close, target: Target) -> AsyncIterator[Showing]:
    """A target to pass the engine's actions in the block; once the block ends, the polls their reply leaves
    open are closed (or taken away) with ``close``. If the block fails, only those no longer asked here
    (quizzes left behind, a question skipped): a question asked again whose new poll didn't go out is still
    asked by its old one."""
    showing = Showing(target)
    try:
        yield showing
    except Exception:
        await _close_each(close, left_behind(showing.reply))
        raise
    await _close_each(close, polls_to_close(showing.reply))


def left_behind(reply: object) -> tuple[MessageLink, ...]:
    """The polls no longer asked here whatever became of the reply: quizzes left behind, a question skipped."""
    if isinstance(reply, AnswerOutcome) and reply.skipped_poll is not None:
        return (*reply.left_behind, reply.skipped_poll)
    return reply.left_behind if isinstance(reply, Started | AnswerOutcome | Notice | Summary) else ()


async def _close_each(close: Close, polls: tuple[MessageLink, ...]) -> None:
    for poll in polls:
        try:
            await close(poll)
        except Exception as error:  # best effort: the action is kept, and the other polls still close
            log.info("could not close poll message %s in chat %s: %s", poll.message_key, poll.chat_id, error)
